import { describe, expect, it } from 'vitest';
import { detectPersonalInfo } from '../personal-info.ts';

const found = (text: string) =>
  detectPersonalInfo(text).map((match) => [match.kind, text.slice(match.start, match.end)]);

describe('the Spanish personal-info finds', () => {
  it('finds an e-mail written with "arroba" and "punto"', () => {
    expect(found('escríbeme a lucia.martinez arroba gmail punto com')).toEqual([
      ['email', 'lucia.martinez arroba gmail punto com'],
    ]);
  });

  it('checks CURP, RFC, CUIL, CLABE and CBU by their check characters', () => {
    expect(found('mi curp es GOML900512MDFRRS05')).toEqual([['national_id', 'GOML900512MDFRRS05']]);
    expect(found('mi curp es GOML900512MDFRRS04')).toEqual([]);
    expect(found('mi RFC es GOML900512K78')).toEqual([['national_id', 'GOML900512K78']]);
    expect(found('mi cuil es 20-34567890-6')).toEqual([['national_id', '20-34567890-6']]);
    expect(found('deposita a 012180001183597198')).toEqual([['payment', '012180001183597198']]);
    expect(found('el código 012180001183597190')).toEqual([]);
    expect(found('mi CBU es 0170099220000012345678')).toEqual([
      ['payment', '0170099220000012345678'],
    ]);
  });

  it('reads a payment app with a number as payment, and leaves amounts alone', () => {
    expect(found('hazme un bizum al 612 345 678')).toEqual([['payment', '612 345 678']]);
    expect(found('me mandó un bizum de 20 euros')).toEqual([]);
    expect(found('mi alias de mercado pago es luna.sol.mar')).toEqual([
      ['payment', 'luna.sol.mar'],
    ]);
  });

  it('finds plates, handles and streets after their Spanish words', () => {
    expect(found('la patente del auto es AB 123 CD')).toEqual([['licence_plate', 'AB 123 CD']]);
    expect(found('mi insta es lucia.rm98')).toEqual([['social', 'lucia.rm98']]);
    expect(found('dice que su ig está privado')).toEqual([]);
    expect(found('mándamelo a Carrera 7 # 45-23, Bogotá')).toEqual([
      ['address', 'Carrera 7 # 45-23'],
    ]);
  });

  it('leaves order numbers, dates and times alone after "número"', () => {
    expect(found('el pedido número 123456789 no llegó')).toEqual([]);
    expect(found('a las 21:30 en la plaza, el 12/05/2024')).toEqual([]);
  });
});
