import { describe, expect, it } from 'vitest';
import { CRISIS_CATEGORIES, type CrisisCategory } from '../enums.ts';
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
  // Passive thoughts, contractions and slang
  ['I do not want to live anymore', ['self_harm']],
  ['I dont want to live anymore', ['self_harm']],
  ['i dont wanna live like this', ['self_harm']],
  ['There is no reason to go on', ['self_harm']],
  ['kms', ['self_harm']],
  ['honestly might just kms lol', ['self_harm']],
  ['I do not want to be alive anymore', ['self_harm']],
  ["I don't want to wake up tomorrow", ['self_harm']],
  ["I don't want to exist", ['self_harm']],
  ['I keep thinking about how to unalive myself', ['self_harm']],
  ['There is no point in living without her', ['self_harm']],
  // Failing an exam, or a home made awkward, does not make the wish a figure of speech.
  ['I failed my exam again and I want to die', ['self_harm']],
  ['things are so awkward at home since he left, i just want to die', ['self_harm']],
  // Abuse or violence by a partner
  ['My boyfriend hit me last night when I got home late', ['partner_abuse']],
  ['He hits me when he is drunk', ['partner_abuse']],
  ['my husband choked me during an argument', ['partner_abuse']],
  ['She threatened to kill me if I leave', ['partner_abuse']],
  ["I'm scared of my partner, what do I do?", ['partner_abuse']],
  ['Is this an abusive relationship?', ['partner_abuse']],
  ['my ex pushed me down the stairs', ['partner_abuse']],
  // Past abuse, and every spelling of it
  ['My ex used to hit me', ['partner_abuse']],
  ['he hit me last year and I still think about it', ['partner_abuse']],
  ['My husband would slap me when dinner was late', ['partner_abuse']],
  ['My girlfriend has kicked me twice', ['partner_abuse']],
  ['He throws things at me when he is angry', ['partner_abuse']],
  ['My ex was violent but I miss him', ['partner_abuse']],
  // Sexual coercion
  ['He forced me to have sex even though I was crying', ['sexual_coercion']],
  ['My gf pressured me into sex and I feel awful', ['sexual_coercion']],
  ["He didn't stop when I said no", ['sexual_coercion']],
  ['He took the condom off without telling me', ['sexual_coercion']],
  // A threat to share images if the writer leaves is also coercive control (the learnt
  // layer, retrained on the fourth batch of the corpus, 2026-12-07, adds it).
  [
    'He threatens to share my nudes if I break up with him',
    ['sexual_coercion', 'coercive_control'],
  ],
  ['I think I was raped at a party', ['sexual_coercion']],
  ['It happened without my consent', ['sexual_coercion']],
  ['He forces me to have sex when I say no', ['sexual_coercion']],
  ['My boyfriend makes me have sex even when I say no', ['sexual_coercion']],
  ['He had sex with me while I was passed out', ['sexual_coercion']],
  ['A guy spiked my drink at the bar', ['sexual_coercion']],
  ['My coach groped me after practice', ['sexual_coercion']],
  ['I was sexually abused as a kid and dating is hard', ['sexual_coercion']],
  // Coercive control: money, phone, location, isolation
  ['My partner controls all my money and my phone', ['coercive_control']],
  ['He controls my money and takes my phone', ['coercive_control']],
  ["He won't let me see my friends anymore", ['coercive_control']],
  ['She goes through my phone every night', ['coercive_control']],
  ['My husband makes me share my location all the time', ['coercive_control']],
  ["He doesn't let me have a job", ['coercive_control']],
  ['My bf isolated me from my family', ['coercive_control']],
  ['He controls what I wear and who I see', ['coercive_control']],
  ['Is this a controlling relationship?', ['coercive_control']],
  // A minor with an adult
  ['I am 15 and he is 24', ['minor_with_adult']],
  ["I'm 14 and my boyfriend is 19", ['minor_with_adult']],
  ["He's 30 and I'm 16, is that ok?", ['minor_with_adult']],
  ['im 13 hes 18', ['minor_with_adult']],
  ['I am 17 and dating a 25 year old', ['minor_with_adult']],
  ['I was 15 and he was 22 when we started dating', ['minor_with_adult']],
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
  ['He hit me up on tinder last week', []],
  ['She hits me up every weekend', []],
  ['My ex used to hit the gym every morning', []],
  ['He used to hit on my best friend', []],
  ["I'm dying to see him", []],
  ['This breakup is killing me lol', []],
  ['He lives 40 kms away from me', []],
  ['We ran 5 kms together on our first date', []],
  ['She lives kms away, is long distance worth it?', []],
  ["I don't want to live with my parents anymore", []],
  ["We don't want to live together yet", []],
  ['There is no reason to go on a second date with him', []],
  ['I see no reason to go on dating apps', []],
  ['He forces me to watch horror movies', []],
  ['I said no to a second date and he was fine', []],
  ['My partner controls the TV remote', []],
  ['She takes my photo everywhere we go', []],
  ['My bf checks the weather for me every morning', []],
  ['I am 15 and so is he', []],
  ['I am 16 and he is 17', []],
  ['I am 25 and he is 24', []],
  ["We've been together 15 months and he is 24", []],
  ['I am 30 and he is 45, is the age gap too big?', []],
  ['He texted me while I was asleep', []],
  ["I don't want to wake up early for our date", []],
  ['I want to take my life back after this breakup', []],
  ['I want to end it with him but I am scared to hurt him', []],
  // Rules from the corpus's fourth batch (2026-12-07 night): fiction, an accident, a
  // relationship ended; filming without consent, a car's mileage checked.
  ['My character kills herself in the last chapter of my novel', []],
  ['I burned myself on the stove making pancakes for him', []],
  ['This relationship is going nowhere and I need to end it', []],
  ['he filmed me in the shower without my knowledge', ['sexual_coercion']],
  ['he checks the mileage on my car every night', ['coercive_control']],
];

describe('classifyCrisis', () => {
  it('has a table of at least 80 phrases, with positives for every category and negatives', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(80);
    expect(TABLE.filter(([, c]) => c.length === 0).length).toBeGreaterThanOrEqual(30);
    for (const category of CRISIS_CATEGORIES) {
      expect(TABLE.filter(([, c]) => c.includes(category)).length).toBeGreaterThanOrEqual(5);
    }
  });

  it.each(TABLE)('%j', (text, expected) => {
    expect(classifyCrisis(text)).toEqual(expected);
  });

  it('ignores case, apostrophes, accents and punctuation between words', () => {
    expect(normalizeForPhrases('I DON’T  want—to LIVE!')).toBe(' i do not want to live ');
    expect(normalizeForPhrases("I'm sure he's fine, I cannot wait")).toBe(
      ' i am sure he is fine i can not wait ',
    );
    expect(classifyCrisis('I DON’T  want—to LIVE!')).toEqual(['self_harm']);
    expect(classifyCrisis('Mi fiancée... he HIT-me')).toEqual(['partner_abuse']);
  });

  it('matches whole words only', () => {
    expect(classifyCrisis('grape juice and a therapist')).toEqual([]);
    expect(classifyCrisis('drapes')).toEqual([]);
  });
});
