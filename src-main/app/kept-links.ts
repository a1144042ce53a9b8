// The private links the Judge chose to keep across restarts, in the app's data folder (only this
// user may read it), never in the campaign file, which the Judge may send to someone. Each names
// its campaign file and Lichslayer; a damaged file keeps no link rather than a guessed one.
import fs from 'node:fs';
import { z } from 'zod';
import { writePrivateFile } from './file-names.ts';

const keptSchema = z
  .array(
    z.strictObject({
      campaign: z.string().min(1).max(4096),
      lichslayerId: z.number().int().positive(),
      secret: z.string().regex(/^[0-9a-f]{16,128}$/),
    }),
  )
  .max(10_000);
export type KeptLink = z.infer<typeof keptSchema>[number];

export class KeptLinks {
  constructor(private readonly file: string) {}

  list(): KeptLink[] {
    if (!fs.existsSync(this.file)) return [];
    try {
      const parsed = keptSchema.safeParse(JSON.parse(fs.readFileSync(this.file, 'utf8')));
      if (parsed.success) return parsed.data;
    } catch {
      // Unreadable JSON is the same as a shape refused: no link is kept on a guess.
    }
    console.error(`Lichslayer Judge: ${this.file} is damaged, so no private link is kept across restarts.`);
    return [];
  }

  of(campaign: string): KeptLink[] {
    return this.list().filter((k) => k.campaign === campaign);
  }

  keep(link: KeptLink): void {
    this.write([...this.others(link.campaign, link.lichslayerId), link]);
  }

  forget(campaign: string, lichslayerId: number): void {
    const others = this.others(campaign, lichslayerId);
    if (others.length !== this.list().length) this.write(others);
  }

  private others(campaign: string, lichslayerId: number): KeptLink[] {
    return this.list().filter((k) => k.campaign !== campaign || k.lichslayerId !== lichslayerId);
  }

  private write(list: KeptLink[]): void {
    writePrivateFile(this.file, JSON.stringify(list, null, 2));
  }
}
