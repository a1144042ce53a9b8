// What the House rules view tells the Judge about colour synchronicity's open points (ch.14), in
// the app's own words; house-rules-info.ts joins these to the other settings.
import type { HouseRules } from './house-rules-defaults.ts';

type SynchronicitySetting = 'fullSpectrumVsUnbound' | 'factionSignature';

export const SYNCHRONICITY_RULE_INFO: Record<
  SynchronicitySetting,
  {
    label: string;
    gap: string;
    otherReading: string;
    chapter: string;
    options: { value: HouseRules[SynchronicitySetting]; label: string }[];
  }
> = {
  fullSpectrumVsUnbound: {
    label: 'Full Spectrum against the Unbound',
    gap: 'Full Spectrum makes a Lichslayer “resistant” to the Unbound without saying by how much. The app halves what strikes Health, as the same condition does to Colourless sources, rounded as halved damage is. The Unbound’s are: damage by the Judge’s hand marked so (an Incantation, a Vestment’s effect), an attack with one of its Vestments, an entity marked as its own.',
    otherReading: 'none: the app changes nothing, the Judge rules the resistance at the table',
    chapter: 'ch.14, ch.15',
    options: [
      { value: 'half', label: 'Halved, as from Colourless sources' },
      { value: 'none', label: 'Nothing applied: the Judge rules' },
    ],
  },
  factionSignature: {
    label: 'A faction’s colour signature',
    gap: 'Dual-Color is immune to any faction whose signature holds both its colours, but no faction’s signature is given. The app reads a faction’s signature as every colour its entities bear on the campaign’s entity tables, so editing those tables edits it.',
    otherReading: 'none: only the immunity to enemies of the two colours applies; the Judge rules any faction',
    chapter: 'ch.12, ch.14',
    options: [
      { value: 'entity-tables', label: 'The colours its entities bear on the entity tables' },
      { value: 'none', label: 'No faction immunity applied' },
    ],
  },
};
