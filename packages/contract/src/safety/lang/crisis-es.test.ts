import { describe, expect, it } from 'vitest';
import { agesEs, crisisCategoriesEs, normalizeEs } from './crisis-es.ts';

describe('normalizeEs', () => {
  it('drops accents, case, repeated letters and punctuation, and writes out SMS spellings', () => {
    expect(normalizeEs('¡¡Nooo, q HAGO xq él ya no está!!')).toBe(
      ' no que hago porque el ya no esta ',
    );
    expect(normalizeEs('tb me dijo q tngo q ir')).toBe(' tambien me dijo que tengo que ir ');
    expect(normalizeEs('estoy en 2º de la ESO')).toBe(' estoy en 2 de la eso ');
  });
});

describe('agesEs', () => {
  it('reads the writer, a relative and someone else, in digits and words', () => {
    expect(agesEs('tengo 14 y él tiene 25')).toEqual([
      { age: 14, who: 'writer' },
      { age: 25, who: 'other' },
    ]);
    expect(agesEs('tngo quince años')).toEqual([{ age: 15, who: 'writer' }]);
    expect(agesEs('mi hija de 12 habla con un chico de 20')).toEqual([
      { age: 12, who: 'relative' },
      { age: 20, who: 'other' },
    ]);
  });

  it('leaves out durations and age gaps', () => {
    expect(agesEs('tengo 35 y mi novio 14 años más')).toEqual([{ age: 35, who: 'writer' }]);
    expect(agesEs('llevamos 14 años juntos')).toEqual([]);
  });
});

describe('crisisCategoriesEs', () => {
  it('finds a minor with an adult by ages, school year or an adult in authority', () => {
    expect(crisisCategoriesEs('tengo 13 y mi novio tiene 22')).toEqual(['minor_with_adult']);
    expect(crisisCategoriesEs('en 2º de la ESO y un hombre de 30 me habla')).toEqual([
      'minor_with_adult',
    ]);
    expect(crisisCategoriesEs('mi entrenador me dijo que no le cuente a nadie')).toEqual([
      'minor_with_adult',
    ]);
  });

  it('leaves teenagers of similar age, a parent and a teacher doing their job alone', () => {
    expect(crisisCategoriesEs('tengo 15 y mi novio tiene 16')).toEqual([]);
    expect(crisisCategoriesEs('tengo 40 y mi hija de 14 tiene novio')).toEqual([]);
    expect(crisisCategoriesEs('mi profe me puso un 10 en el examen')).toEqual([]);
  });

  it('reads negation before the verb, figures of speech and laughter', () => {
    expect(crisisCategoriesEs('mi novio me pegó anoche')).toEqual(['partner_abuse']);
    expect(crisisCategoriesEs('mi novio nunca me ha pegado')).toEqual([]);
    expect(crisisCategoriesEs('me pegó la gripe')).toEqual([]);
    expect(crisisCategoriesEs('me muero de risa con él')).toEqual([]);
    expect(crisisCategoriesEs('me quiero morir jajaja')).toEqual([]);
    expect(crisisCategoriesEs('me quiero morir, ya no aguanto')).toEqual(['self_harm']);
  });

  it('tells accidents, doses, topics and plans from harm', () => {
    expect(crisisCategoriesEs('me empujó y me caí')).toEqual(['partner_abuse']);
    expect(crisisCategoriesEs('me empujó sin querer en el bus')).toEqual([]);
    expect(crisisCategoriesEs('esa peli me pegó duro')).toEqual([]);
    expect(crisisCategoriesEs('cuántas pastillas hacen falta para no despertar')).toEqual([
      'self_harm',
    ]);
    expect(crisisCategoriesEs('cuántas pastillas de paracetamol al día para la fiebre')).toEqual(
      [],
    );
    expect(crisisCategoriesEs('leímos un libro sobre el suicidio en clase')).toEqual([]);
    expect(crisisCategoriesEs('pienso en el suicidio todos los días')).toEqual(['self_harm']);
    expect(crisisCategoriesEs('me espera a la salida del trabajo aunque no quiero')).toEqual([
      'stalking',
    ]);
    expect(crisisCategoriesEs('me espera a la salida para ir al cine')).toEqual([]);
  });

  it('reads a refusal as no consent, and a threat for leaving', () => {
    expect(crisisCategoriesEs('le pedí que parara y siguió')).toEqual(['sexual_coercion']);
    expect(crisisCategoriesEs('si te vas te busco y te mato')).toEqual(['partner_abuse']);
    expect(crisisCategoriesEs('si me dejas se corta, dice')).toEqual(['coercive_control']);
  });

  it('uses Spanish words only, so English prose is left to the English check', () => {
    expect(crisisCategoriesEs('We watched Suicide Squad and she plays the viola')).toEqual([]);
  });
});
