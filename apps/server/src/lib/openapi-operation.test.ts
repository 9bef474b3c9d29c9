import { describe, expect, it } from 'vitest';
import { errorResponsesOf, operationIdOf, type RouteFacts } from './openapi-operation.ts';

const facts = (over: Partial<RouteFacts>): RouteFacts => ({
  access: 'viewer',
  body: false,
  query: false,
  params: false,
  rateLimited: false,
  idempotent: false,
  proofOfWork: false,
  silenceable: false,
  ...over,
});

describe('operationIdOf', () => {
  it('joins the method and the words of the path after /api, parameters as By<Name>', () => {
    expect(operationIdOf('GET', '/api/questions/')).toBe('getQuestions');
    expect(operationIdOf('POST', '/api/questions/:id/answers/')).toBe('postQuestionsByIdAnswers');
    expect(operationIdOf('DELETE', '/api/answers/{id}/helpful/')).toBe('deleteAnswersByIdHelpful');
    expect(operationIdOf('GET', '/api/safety/resources/')).toBe('getSafetyResources');
  });

  it('keeps words apart that hyphens and underscores separate', () => {
    expect(operationIdOf('POST', '/api/token/black-list/:user_id/')).toBe(
      'postTokenBlackListByUserId',
    );
  });
});

describe('errorResponsesOf', () => {
  it('gives a public call without input no 4xx: nothing can be refused', () => {
    expect(errorResponsesOf(facts({ access: 'public' }))).toEqual({});
  });

  it('gives a call in the bearer-token scope 400 (a bad anonymous key) and 401', () => {
    expect(Object.keys(errorResponsesOf(facts({})))).toEqual(['400', '401']);
  });

  it('adds what each opt-in and each part of the request can refuse', () => {
    const all = facts({
      access: 'staff',
      body: true,
      params: true,
      rateLimited: true,
      idempotent: true,
    });
    expect(Object.keys(errorResponsesOf(all))).toEqual([
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
      '415',
      '422',
      '429',
    ]);
  });
});
