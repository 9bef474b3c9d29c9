import { CONTENT_LANGUAGES } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from './content-language.ts';

describe('detectLanguage', () => {
  it.each([
    'How do I tell my partner that I need more time for myself without hurting them?',
    'My girlfriend and I have been dating for two years and she wants to move in together. I am not sure I am ready.',
    'We met on a dating app last month and he still has not introduced me to any of his friends.',
  ])('tells English: %s', (text) => {
    expect(detectLanguage(text)).toBe('en');
  });

  it.each([
    '¿Cómo le digo a mi pareja que necesito más tiempo para mí sin hacerle daño?',
    'Llevo dos años saliendo con mi novia y quiere que vivamos juntos. No sé si estoy preparado.',
    'Conocí a alguien en una aplicación de citas y quiere verme este fin de semana.',
    'Mi novio no me contesta los mensajes desde hace una semana. ¿Qué debería hacer?',
  ])('tells Spanish: %s', (text) => {
    expect(detectLanguage(text)).toBe('es');
  });

  it.each([
    'كيف أخبر شريكي أنني بحاجة إلى مزيد من الوقت لنفسي دون أن أجرحه؟',
    'تعرفت على شخص في تطبيق مواعدة ويريد أن يقابلني نهاية الأسبوع',
    // Short, but Arabic script tells on its own.
    'هل الغيرة طبيعية؟',
  ])('tells Arabic: %s', (text) => {
    expect(detectLanguage(text)).toBe('ar');
  });

  it('tells Persian and Urdu apart from Arabic by their own letters', () => {
    expect(detectLanguage('چطور به دوست پسرم بگویم که به زمان بیشتری نیاز دارم؟')).toBe('fa');
    expect(detectLanguage('میں اپنے ساتھی کو کیسے بتاؤں کہ مجھے وقت چاہیے؟ یہ مشکل ہے')).toBe('ur');
  });

  it('tells other languages it labels when the text is long and clear', () => {
    expect(
      detectLanguage(
        'Wie sage ich meinem Freund, dass ich mehr Zeit für mich brauche und manchmal einfach allein sein will?',
      ),
    ).toBe('de');
    expect(
      detectLanguage(
        'Как сказать парню, что мне нужно больше времени для себя и своих друзей, и не обидеть его?',
      ),
    ).toBe('ru');
  });

  it('never takes a neighbour of Spanish for Spanish or English: its own code, or null', () => {
    const french =
      'Je ne sais pas si je dois lui envoyer un message après notre premier rendez-vous, ou attendre qu’il m’écrive.';
    const portuguese =
      'Eu e minha namorada estamos juntos há dois anos e ela quer morar junto, mas eu não sei se estou pronto.';
    expect([null, 'fr']).toContain(detectLanguage(french));
    expect([null, 'pt']).toContain(detectLanguage(portuguese));
  });

  it.each([
    '',
    'ok',
    'Help please',
    'What should I do?',
    'First date tips',
    'Te quiero mucho',
    'hola amigos',
    '12345 !!! ???',
    'https://example.com/a-very-long-address-about-dating-advice-and-relationships',
  ])('says null for a short or wordless text: %j', (text) => {
    expect(detectLanguage(text)).toBeNull();
  });

  it('says null for a text mixing Arabic and Latin script', () => {
    expect(detectLanguage('My partner says حبيبي every day but never calls')).toBeNull();
  });

  it('does not take a short English text for another language', () => {
    // Each is the best match of another language's profile (Dutch, Swedish, Spanish).
    for (const text of [
      'we broke up and I can’t stop crying at work',
      'ending a friendship is harder than a breakup',
      'my boyfriend smacked me cause i was late',
      'If a partner is hurting or controlling you',
    ]) {
      expect([null, 'en']).toContain(detectLanguage(text));
    }
  });

  it('says null when the runner-up is close', () => {
    expect(
      detectLanguage('Hola, how are you? Bien gracias, and you my amigo? Muy bien, thanks'),
    ).toBeNull();
    expect(detectLanguage('Is it normal to feel so nervous?')).toBeNull();
  });

  it('only gives codes the feed filter accepts', () => {
    const texts = [
      'Sevgilime kendime daha fazla zaman ayırmam gerektiğini onu kırmadan nasıl söyleyebilirim?',
      'Moja dziewczyna chce, żebyśmy razem zamieszkali, ale nie wiem, czy jestem na to gotowy.',
      'Mijn vriend wil dat we gaan samenwonen, maar ik weet niet zeker of ik daar al klaar voor ben.',
    ];
    for (const text of texts) {
      const code = detectLanguage(text);
      if (code !== null) expect(CONTENT_LANGUAGES).toContain(code);
    }
  });
});
