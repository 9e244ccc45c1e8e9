/**
 * The build's stylesheet minifier (`minifyCss` in `tsup.config.ts`): what it takes away and what
 * it must leave. That the built elements' stylesheets still mean what their sources say is
 * checked in Chromium, rule by rule (`test/e2e/stylesheets.e2e.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import { minifyCss } from '../../tsup.config.js';

describe('minifyCss', () => {
  it('takes away comments, line breaks and the space next to braces, semicolons and commas', () => {
    expect(minifyCss('\n/* the card */\n.card {\n  width: 4rem;\n  box-shadow: 0 1px 0 red, 0 3px 8px blue;\n}\n')).toBe(
      ' .card{width:4rem;box-shadow:0 1px 0 red,0 3px 8px blue} ',
    );
  });

  it("keeps one space between a selector's parts, and a pseudo-class after a space", () => {
    expect(minifyCss('.a   .b > .c :focus-visible { color: red; }')).toBe('.a .b > .c :focus-visible{color:red}');
  });

  it('keeps the space in a value and after the colon of a condition', () => {
    expect(minifyCss('@container (min-width: 600px) { .a { grid-template-columns: 1fr  2fr; } }')).toBe(
      '@container (min-width: 600px){.a{grid-template-columns:1fr 2fr}}',
    );
  });

  it('leaves text in quotes as written, and a space next to it', () => {
    expect(minifyCss(`.a::before { content: "  ;  { , }  "; font-family: 'Segoe  UI', serif; }`)).toBe(
      `.a::before{content: "  ;  { , }  ";font-family: 'Segoe  UI',serif}`,
    );
    expect(minifyCss(`.g { grid-template-areas: "a  b"  "c d"; }`)).toBe(`.g{grid-template-areas: "a  b" "c d"}`);
  });

  it('keeps one space at either end, where a value put in by an interpolation may follow or come before', () => {
    expect(minifyCss('  .lobby { gap: 4px; }  ')).toBe(' .lobby{gap:4px} ');
    expect(minifyCss('\n\n')).toBe(' ');
    expect(minifyCss('')).toBe('');
  });
});
