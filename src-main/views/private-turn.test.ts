// A player's own screen in a fight (ch.2, ch.11): on their turn it lists what their Lichslayer may
// do now (the attack with its weapon on the enemies the table can see, a spell, the skills with uses
// left), nothing on another's turn, and a skill once used shows none left until its window passes.
import { describe, expect, it } from 'vitest';
import { openDemo } from '../test-support/temp-app.ts';

describe("a private screen's turn (ch.2, ch.11)", () => {
  it('lists the attack on visible enemies only, the spell and the skills left on its own turn; Command once used shows none left', async () => {
    const { app, roster } = await openDemo(11);
    const [odile, quillam] = [roster[0]!, roster[1]!];
    await app.call('lichslayer.update', {
      id: quillam.id,
      patch: { hiddenClass: 'The Aristocrat', skill1: 'Command', skill2: 'Retainers', level: 4 },
    });
    await app.call('phase.send', { event: { type: 'DESCEND' } });
    await app.call('board.setRoom', { floor: 1, x: 2, y: 0, patch: { type: 'vault', name: 'Wide Vault' } });
    const base = { kind: 'entity' as const, floor: 1, x: 2, y: 0, health: 5, armor: 0 };
    await app.call('board.addToken', { ...base, name: 'Gnawer', colour: 'Red' });
    const board = await app.call('board.addToken', {
      ...base,
      name: 'Lurking Veilwraith',
      colour: 'Black',
      hidden: true,
    });
    const sable = board.tokens.find((t) => t.name === 'Sable Hartigan')!;
    await app.call('phase.send', { event: { type: 'ENEMIES_ENTER' } });
    const view = (id: number) => app.call('private.view', { lichslayerId: id });

    // Odile acts first (seed 11): her Cinder Maul on the Gnawer, never on the hidden Veilwraith.
    const first = await view(odile.id);
    expect(first.fight).toMatchObject({ yourTurn: true, round: 1 });
    expect(first.fight!.canDo).toEqual(['Attack Gnawer with Cinder Maul (2d6)', 'Cast a spell (Magic 1)', 'Use Break']);
    expect(first.skills).toEqual([{ name: 'Break', limit: null, left: null, always: false }]);
    expect((await view(quillam.id)).fight).toMatchObject({ yourTurn: false, turnOf: 'Odile Vantreck', canDo: [] });

    await app.call('phase.nextTurn', {});
    const turn = await view(quillam.id);
    expect(turn.fight).toMatchObject({ yourTurn: true, turnOf: 'Brother Quillam' });
    expect(turn.fight!.canDo).toEqual(['No attack: you hold nothing that can attack', 'Use Command (1 left)']);
    expect(turn.skills).toEqual([
      { name: 'Command', limit: 'once per Round', left: 1, always: false },
      { name: 'Retainers', limit: null, left: null, always: true },
    ]);

    await app.call('skill.use', { id: quillam.id, skill: 'Command', tokens: [sable.id] });
    const spent = await view(quillam.id);
    expect(spent.skills[0]).toEqual({ name: 'Command', limit: 'once per Round', left: 0, always: false });
    expect(spent.fight!.canDo).toEqual(['No attack: you hold nothing that can attack']);
    expect(JSON.stringify([first, turn, spent])).not.toContain('Veilwraith');
    app.close();
  });
});
