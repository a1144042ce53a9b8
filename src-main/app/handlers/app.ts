// app.*: what the running app is, and the players' screen the host opens.
import type { HandlerContext, HandlersOf } from '../handler-context.ts';

export function appHandlers(ctx: HandlerContext): HandlersOf<'app'> {
  return {
    'app.info': () => ({
      version: ctx.options.version,
      host: ctx.options.host,
      dataDir: ctx.options.dataDir,
      campaignsDir: ctx.files.campaignsDir,
    }),
    'app.playersScreen': () => ctx.options.playersScreen?.() ?? { url: null, opened: false },
  };
}
