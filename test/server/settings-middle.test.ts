/** The lobby's match settings take every rule variant, the middle rule (V3) included. */
import { describe, expect, it } from 'vitest';
import { parseMatchSettings } from '../../src/server/settings.js';

describe('match settings: variants', () => {
  it('V3: a match may be created under the retail middle, and an unknown variant is still refused', () => {
    const s = parseMatchSettings({ players: 3, variants: { middle: 'one-per-opponent', payment: 'by-lot' } });
    expect(s.options.variants).toEqual({ middle: 'one-per-opponent', payment: 'by-lot' });
    expect(() => parseMatchSettings({ players: 3, variants: { middle: 'sideways' } })).toThrow(/middle/);
    expect(() => parseMatchSettings({ players: 3, variants: { colour: 'red' } })).toThrow(/unknown variant "colour"/);
  });
});
