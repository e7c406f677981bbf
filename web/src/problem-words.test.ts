// Every word a person can meet has a sentence in both languages: each code of the problem
// catalogue, each state of a game, a match and an ended seek. The lists are read from the
// catalogue and the committed OpenAPI document, so a new code or state without words fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@offiziersskat/client';
import { PROBLEMS } from '../../src/app/problems.ts';
import { LANGUAGES, MESSAGES, translator, type MessageKey } from './i18n.ts';
import { PROBLEM_WORDS, problemText } from './problem-text.ts';
import { stateWords } from './screens/lobby/my-games.ts';

const spec = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8'));
const schemas = spec.components.schemas;
const GAME_STATES: string[] = schemas.GameStatus.enum;
const MATCH_STATES: string[] = schemas.PlayerMatchEntry.properties.status.enum;
const SEEK_ENDINGS: string[] = schemas.SeekEndedEvent.properties.reason.enum;

const problem = (code: string) => {
  const status = PROBLEMS[code as keyof typeof PROBLEMS]?.status ?? 422;
  return new ApiError(status, { type: 'about:blank', title: code, status, code, detail: `the API's own English for ${code}` } as never, 'GET /v1/somewhere');
};

describe('every problem code has a sentence in German and English', () => {
  const codes = Object.keys(PROBLEMS);
  it.each(codes)('%s', (code) => {
    for (const language of LANGUAGES) {
      const text = problemText(language, translator(language), problem(code));
      expect(PROBLEM_WORDS[language][code], `${language} words for ${code}`).toBeTruthy();
      expect(text).toBe(PROBLEM_WORDS[language][code]);
      expect(text).not.toContain(code);
      expect(text).not.toMatch(/`|the API's own English/);
      expect(text).toMatch(/[.!?]$/);
    }
    expect(PROBLEM_WORDS.de[code]).not.toBe(PROBLEM_WORDS.en[code]);
  });

  it('has no words for codes the catalogue does not have', () => {
    for (const language of LANGUAGES) expect(Object.keys(PROBLEM_WORDS[language]).sort()).toEqual([...codes].sort());
  });

  it('a token refusal says why; an unknown code a sentence, not the code', () => {
    const de = translator('de');
    expect(problemText('de', de, problem('WRONG_PASSWORD'))).toBe('Das bisherige Passwort stimmt nicht.');
    expect(problemText('de', de, problem('TOKEN_EXPIRED'))).toBe(de('refused_expired'));
    expect(problemText('de', de, problem('SOMETHING_NEW'))).not.toMatch(/SOMETHING_NEW/);
    expect(problemText('en', translator('en'), new Error('Failed to fetch'))).toBe('Failed to fetch');
  });
});

describe('every state a person can meet has words in German and English', () => {
  it.each([...new Set([...GAME_STATES, ...MATCH_STATES])])('the state %s', (status) => {
    for (const language of LANGUAGES) {
      const t = translator(language);
      const words = [
        stateWords(t, { status, turn: null, opponent: 'Bert' }),
        stateWords(t, { status, turn: { mine: true, timeUp: false }, opponent: 'Bert' }),
        stateWords(t, { status, turn: { mine: false, timeUp: false }, opponent: 'Bert' }),
      ];
      for (const w of words) {
        expect(w).toBeTruthy();
        // Never the raw word of the API ("cutting"), nor a placeholder left over.
        expect(w).not.toBe(status);
        expect(w).not.toMatch(/[{}]/);
      }
      expect(words[2]).toContain('Bert');
    }
    expect(translator('de')(`status_${status}` as MessageKey)).not.toBe(translator('en')(`status_${status}` as MessageKey));
  });

  it('a clock that ran out is said once, for each side', () => {
    const en = translator('en');
    expect(stateWords(en, { status: 'cutting', turn: { mine: false, timeUp: true }, opponent: 'Bert' })).toBe('Bert’s time ran out: the game is yours');
    expect(stateWords(translator('de'), { status: 'cutting', turn: { mine: true, timeUp: true }, opponent: 'Bert' })).toBe('deine Zeit ist abgelaufen: das Spiel endet');
  });

  it.each(SEEK_ENDINGS)('a seek that ended: %s', (reason) => {
    for (const language of LANGUAGES) expect(MESSAGES[language][`seek_${reason}` as MessageKey]).toMatch(/\w.*\.$/);
  });
});

describe('the words themselves', () => {
  it('no text has literal backticks or a raw code, and every German text is there', () => {
    for (const language of LANGUAGES)
      for (const [key, text] of Object.entries(MESSAGES[language])) {
        expect(text, `${language}.${key}`).not.toContain('`');
        expect(text, `${language}.${key}`).not.toMatch(/\b[A-Z]{3,}_[A-Z_]+\b/);
      }
  });

  it('the computer levels are capitalised, and the account page says sign-in and my bot in German', () => {
    const [en, de] = [translator('en'), translator('de')];
    expect([en('level_easy'), en('level_strong'), de('level_easy'), de('level_strong')]).toEqual(['Easy', 'Strong', 'Leicht', 'Stark']);
    expect(de('tokenSignIn')).toBe('Anmeldung');
    expect(de('newTokenPlaceholder')).toBe('mein Bot');
    expect(en('newTokenPlaceholder')).toBe('my bot');
  });
});
