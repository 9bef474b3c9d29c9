import { describe, expect, it } from 'vitest';
import type { PiiKind } from '../enums.ts';
import { PII_MSG, piiBlockedMessage } from '../messages.ts';
import {
  detectPersonalInfo,
  personalInfoKinds,
  REDACTED,
  redactPersonalInfo,
} from './personal-info.ts';

/** A text and what the guard must find in it: each item's kind and exact matched text. */
type Case = [text: string, found: [PiiKind, string][]];

const PHONES: Case[] = [
  ['Call me at (415) 555-2671 tonight', [['phone', '(415) 555-2671']]],
  ['my number is 415-555-2671', [['phone', '415-555-2671']]],
  ['he gave me 4155552671 on our first date', [['phone', '4155552671']]],
  ['+1 212 555 0123 is his work line', [['phone', '+1 212 555 0123']]],
  ['text 07911 123456 please', [['phone', '07911 123456']]],
  ['ring +44 7911 123456', [['phone', '+44 7911 123456']]],
  ['her landline +44 20 7946 0958', [['phone', '+44 20 7946 0958']]],
  ['0044 7911 123456 is mine', [['phone', '0044 7911 123456']]],
  ['Berlin: +49 30 901820', [['phone', '+49 30 901820']]],
  ['mein Handy 0151 23456789', [['phone', '0151 23456789']]],
  ['appelle-moi au 06 12 34 56 78', [['phone', '06 12 34 56 78']]],
  ['+33 6 12 34 56 78', [['phone', '+33 6 12 34 56 78']]],
  ['98765 43210 is my mobile', [['phone', '98765 43210']]],
  ['+91 98765 43210', [['phone', '+91 98765 43210']]],
  ['0412 345 678 is his', [['phone', '0412 345 678']]],
  ['+61 412 345 678', [['phone', '+61 412 345 678']]],
  ['llámame al 612 345 678', [['phone', '612 345 678']]],
  ['(11) 98765-4321 no WhatsApp', [['phone', '(11) 98765-4321']]],
  ['+55 11 98765-4321', [['phone', '+55 11 98765-4321']]],
  ['+81 90-1234-5678', [['phone', '+81 90-1234-5678']]],
  ['my cell is 555 2671 0000', [['phone', '555 2671 0000']]],
  ['WhatsApp me on 0803 123 4567', [['phone', '0803 123 4567']]],
];

const NOT_PHONES: Case[] = [
  ['We met on 12/05/2024 at 10:30', []],
  ['It was 12.05.2024, a Friday', []],
  ['first date 2024-05-12, second 2024-05-19', []],
  ['we dated from 2019 to 2023', []],
  ['between 1990-2005 I was married', []],
  ['in 2019 2020 and 2021 we tried', []],
  ['the ring cost $1,250 and the dress £2,300', []],
  ['he earns 120000 a year', []],
  ['she spent 1 200 000 euros on the wedding', []],
  ['order #123456789 never arrived', []],
  ['dinner at 7:30pm, movie at 21:45', []],
  ['I am 25, he is 32 and we have been together 3 years', []],
  ['room 1203, floor 4', []],
  ['ISBN 978-3-16-148410-0 is a good book', []],
  ['case number 2024-118273 with the police', []],
  ['order no. 07911 123456 never came', []],
  ['card 4111 1111 1111 1111', []],
  ['he has 1500000 followers', []],
  ['it is 5 km and 10 minutes away', []],
];

const EMAILS: Case[] = [
  ['write to jane.doe@example.com if you want', [['email', 'jane.doe@example.com']]],
  ['Email: j_smith+dates@mail.co.uk.', [['email', 'j_smith+dates@mail.co.uk']]],
  ['his is TOM99@Gmail.COM', [['email', 'TOM99@Gmail.COM']]],
  ['an @ sign alone like a@b is not an address', []],
];

const SOCIAL: Case[] = [
  ['follow her @jane_doe92 on insta', [['social', '@jane_doe92']]],
  ['his account is @mike.r', [['social', '@mike.r']]],
  [
    'https://www.instagram.com/jane.doe/ is her',
    [['social', 'https://www.instagram.com/jane.doe/']],
  ],
  ['tiktok.com/@danceguy', [['social', 'tiktok.com/@danceguy']]],
  ['see linkedin.com/in/jane-doe-123', [['social', 'linkedin.com/in/jane-doe-123']]],
  [
    'https://x.com/someone and twitter.com/other',
    [
      ['social', 'https://x.com/someone'],
      ['social', 'twitter.com/other'],
    ],
  ],
  ['facebook.com/profile.php?id=100004', [['social', 'facebook.com/profile.php?id=100004']]],
  ['snap: coolkid22', [['social', 'coolkid22']]],
  ['ig is jdoe.photos', [['social', 'jdoe.photos']]],
  ['meet me @ 5pm', []],
  ['I was @home all day and @work all night', []],
  ['netflix.com/browse is not a profile', []],
  ['I saw it on Instagram', []],
];

const ADDRESSES: Case[] = [
  ['he lives at 221B Baker Street in London', [['address', '221B Baker Street']]],
  ['1600 Pennsylvania Avenue is famous', [['address', '1600 Pennsylvania Avenue']]],
  ['meet at 42 Elm St. tomorrow', [['address', '42 Elm St.']]],
  ['i live at 12 baker street', [['address', '12 baker street']]],
  ['il habite 12 rue de la Paix', [['address', '12 rue de la Paix']]],
  ['sie wohnt in der Hauptstraße 5', [['address', 'Hauptstraße 5']]],
  ['vivo en Calle Mayor 3', [['address', 'Calle Mayor 3']]],
  ['we walked 5 blocks down the road', []],
  ['3 dogs and a big street party', []],
];

const NAMES: Case[] = [
  ['My ex, Jessica Thompson, keeps texting', [['name', 'Jessica Thompson']]],
  ["I met Mark O'Brien at a bar", [['name', "Mark O'Brien"]]],
  ['Ask José García about it', [['name', 'José García']]],
  ["Sarah Jane Smith's brother", [['name', 'Sarah Jane Smith']]],
  ['Will Smith said nothing', []],
  ['Mark said hi on Monday', []],
  ['I told Emma that I love her', []],
  ['Grace Street is where we met', []],
  ['New York is lovely in May', []],
  ['I went to Paris Texas', []],
];

/** personal-ids.ts: IBANs, UPI IDs, addresses without their ending, three more national IDs. */
const MORE_IDS: Case[] = [
  ['my IBAN is GB82 WEST 1234 5698 7654 32 thanks', [['payment', 'GB82 WEST 1234 5698 7654 32']]],
  ['iban DE89370400440532013000.', [['payment', 'DE89370400440532013000']]],
  ['GB82 WEST 1234 5698 7654 33 fails its check', []],
  ['my upi is priya.k@okhdfcbank', [['payment', 'priya.k@okhdfcbank']]],
  ['mail greg dot holt at gmail', [['email', 'greg dot holt at gmail']]],
  ['she works at yahoo and he was at gmail for 3 years', []],
  ['my SA ID number is 8001015009087', [['national_id', '8001015009087']]],
  ['personnummer 811218-9876', [['national_id', '811218-9876']]],
  ['mój PESEL to 44051401359', [['national_id', '44051401359']]],
];

const MIXED: Case[] = [
  [
    'Jessica Thompson, 07911 123456, jess@example.com, @jess_t',
    [
      ['name', 'Jessica Thompson'],
      ['phone', '07911 123456'],
      ['email', 'jess@example.com'],
      ['social', '@jess_t'],
    ],
  ],
  ['Nothing personal here, just advice about a first date.', []],
  ['', []],
];

const TABLE = [
  ...PHONES,
  ...NOT_PHONES,
  ...EMAILS,
  ...SOCIAL,
  ...ADDRESSES,
  ...NAMES,
  ...MORE_IDS,
  ...MIXED,
];

describe('detectPersonalInfo', () => {
  it('has a table of at least 60 cases, true and false', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
    expect(TABLE.filter(([, found]) => found.length === 0).length).toBeGreaterThanOrEqual(25);
  });

  it.each(TABLE)('%j', (text, expected) => {
    const found = detectPersonalInfo(text).map(
      (m) => [m.kind, text.slice(m.start, m.end)] as [PiiKind, string],
    );
    expect(found).toEqual(expected);
  });

  it('gives ranges that never overlap, in order', () => {
    const text =
      'Call Jessica Thompson on +44 7911 123456 or jess@example.com (@jess_t) at 12 Elm St';
    const found = detectPersonalInfo(text);
    expect(found.length).toBe(5);
    for (let i = 1; i < found.length; i += 1) {
      expect(found[i]?.start).toBeGreaterThanOrEqual(found[i - 1]?.end ?? 0);
    }
  });

  it('takes a long post in a few milliseconds at most, so it can run as the user types', () => {
    // Not a timing assertion: it runs, and the result is right, on the longest reply.
    const text = 'I met him on 12/05/2024 and we talked for hours. '.repeat(200);
    expect(text.length).toBeGreaterThan(9_000);
    expect(detectPersonalInfo(text)).toEqual([]);
  });
});

describe('personalInfoKinds and redactPersonalInfo', () => {
  const text = 'Text Jessica Thompson on 07911 123456 or jess@example.com';

  it('lists each kind once, in the fixed order', () => {
    expect(personalInfoKinds(`${text} or 07911 654321`)).toEqual(['phone', 'email', 'name']);
    expect(personalInfoKinds('just advice')).toEqual([]);
  });

  it('replaces every item, or the chosen ones, with [removed]', () => {
    expect(redactPersonalInfo(text)).toBe(`Text ${REDACTED} on ${REDACTED} or ${REDACTED}`);
    const [name] = detectPersonalInfo(text);
    expect(redactPersonalInfo(text, name ? [name] : [])).toBe(
      `Text ${REDACTED} on 07911 123456 or jess@example.com`,
    );
    expect(detectPersonalInfo(redactPersonalInfo(text))).toEqual([]);
  });

  it('has a calm message for each kind, and a refusal that names the kinds', () => {
    for (const message of Object.values(PII_MSG)) {
      expect(message).toMatch(/^This looks like .+\. People who know you.* could recognise/);
    }
    expect(PII_MSG.phone).toBe(
      'This looks like a phone number. People who know you could recognise you.',
    );
    expect(piiBlockedMessage(['phone'])).toContain('a phone number.');
    expect(piiBlockedMessage(['phone', 'email', 'name'])).toContain(
      'a phone number, an e-mail address and a full name.',
    );
  });
});
