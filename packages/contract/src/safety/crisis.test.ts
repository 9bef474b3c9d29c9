import { describe, expect, it } from 'vitest';
import type { CrisisCategory } from '../enums.ts';
import { classifyCrisis, normalizeForPhrases } from './crisis.ts';

const TABLE: [text: string, categories: CrisisCategory[]][] = [
  // Self-harm
  ['Sometimes I think about killing myself after he left.', ['self_harm']],
  ['I just want to die, nothing matters without her', ['self_harm']],
  ["I don't want to live anymore", ['self_harm']],
  ['Everyone would be better off without me.', ['self_harm']],
  ['I have been cutting myself again', ['self_harm']],
  ['I keep having SUICIDAL thoughts since the breakup', ['self_harm']],
  ['I took an overdose last year and I am scared', ['self_harm']],
  ["There's no reason to live if he doesn't come back", ['self_harm']],
  // Abuse or violence by a partner
  ['My boyfriend hit me last night when I got home late', ['partner_abuse']],
  ['He hits me when he is drunk', ['partner_abuse']],
  ['my husband choked me during an argument', ['partner_abuse']],
  ['She threatened to kill me if I leave', ['partner_abuse']],
  ["He won't let me see my friends anymore", ['partner_abuse']],
  ["I'm scared of my partner, what do I do?", ['partner_abuse']],
  ['Is this an abusive relationship?', ['partner_abuse']],
  ['my ex pushed me down the stairs', ['partner_abuse']],
  ['He controls my money and takes my phone', ['partner_abuse']],
  // Sexual coercion
  ['He forced me to have sex even though I was crying', ['sexual_coercion']],
  ['My gf pressured me into sex and I feel awful', ['sexual_coercion']],
  ["He didn't stop when I said no", ['sexual_coercion']],
  ['He took the condom off without telling me', ['sexual_coercion']],
  ['He threatens to share my nudes if I break up with him', ['sexual_coercion']],
  ['I think I was raped at a party', ['sexual_coercion']],
  ['It happened without my consent', ['sexual_coercion']],
  // Stalking
  ['My ex keeps stalking me on the way to work', ['stalking']],
  ['A guy from the app followed me home', ['stalking']],
  ["He keeps showing up at my work and won't leave me alone", ['stalking']],
  ['I found an AirTag in my bag', ['stalking']],
  ['She makes new accounts to message me even after I blocked her', ['stalking']],
  ['I think he is tracking my phone', ['stalking']],
  // More than one
  [
    'He hits me and he is tracking my location. I want to die.',
    ['self_harm', 'partner_abuse', 'stalking'],
  ],
  // Figures of speech and ordinary dating talk: nothing.
  ['This date killed me, I laughed so hard', []],
  ["I'm dying to see him again", []],
  ['I wanted to die of embarrassment when I tripped', []],
  ['Hit me up if you want advice', []],
  ['He beat me at chess on our second date', []],
  ['You are killing it with that outfit', []],
  ['I stalk his Instagram every night, is that bad?', []],
  ['The thought hit me: maybe she likes me too', []],
  ['We watched Suicide Squad on our first date', []],
  ['She is so cute I could overdose of cute', []],
  ['He pushed me to apply for the job and I got it', []],
  ['My boyfriend hits the gym every day', []],
  ['How do I ask for consent in a respectful way?', []],
  ['Is it normal to feel nervous before a first date?', []],
];

describe('classifyCrisis', () => {
  it('has a table of at least 40 phrases, with negatives', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
    expect(TABLE.filter(([, c]) => c.length === 0).length).toBeGreaterThanOrEqual(10);
  });

  it.each(TABLE)('%j', (text, expected) => {
    expect(classifyCrisis(text)).toEqual(expected);
  });

  it('ignores case, apostrophes, accents and punctuation between words', () => {
    expect(normalizeForPhrases('I DON’T  want—to LIVE!')).toBe(' i dont want to live ');
    expect(classifyCrisis('I DON’T  want—to LIVE!')).toEqual(['self_harm']);
    expect(classifyCrisis('Mi fiancée... he HIT-me')).toEqual(['partner_abuse']);
  });

  it('matches whole words only', () => {
    expect(classifyCrisis('grape juice and a therapist')).toEqual([]);
    expect(classifyCrisis('drapes')).toEqual([]);
  });
});
