/**
 * `npm run bench:safety`: the time to check one post with the crisis check (phrases and
 * concept rules over wink-nlp's lemmas) and the personal-info guard, as the server does for
 * every question and answer: p50 and p99 of many posts, a usual one (about 250 characters)
 * and a long one (about 1,500), made from the corpora's sentences so that no two in a row are
 * the same. Wall-clock time, and the process's CPU time (which a busy machine does not
 * inflate), beside the p99 of a fixed loop of arithmetic: the machine's own noise.
 *
 * `--runs N` (default 3,000 posts of each length).
 */
import { parseArgs } from 'node:util';
import { classifyCrisis, loadCrisisModel } from '@dating/contract/crisis';
import { detectPersonalInfo } from '@dating/contract/personal-info';
import {
  crisisCorpus,
  crisisCorpusOf,
  piiCorpus,
  piiCorpusOf,
} from '../../packages/contract/src/safety/corpus/corpus.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3000' } } });
const RUNS = Number(values.runs);

const sentences = [...crisisCorpus(), ...piiCorpus()].map((item) => item.text);
/** Arabic posts (issue 40): the Arabic rules run only on these. */
const arabicSentences = [...crisisCorpusOf('ar'), ...piiCorpusOf('ar')].map((item) => item.text);
/** Posts of about `length` characters, sentences taken in a seeded order. */
function posts(length: number, count: number, from = sentences): string[] {
  const out: string[] = [];
  let seed = 36;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % from.length;
  };
  for (let i = 0; i < count; i += 1) {
    let post = '';
    while (post.length < length) post += `${from[next()]}. `;
    out.push(post.slice(0, length));
  }
  return out;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

interface Timing {
  p50: number;
  p99: number;
  cpuP50: number;
  cpuP99: number;
}

function time(texts: string[], check: (text: string) => unknown): Timing {
  // Warm up: enough posts for the JIT to settle, or the first table row pays for it.
  for (const text of texts.slice(0, 1000)) check(text);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const text of texts) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    check(text);
    wall.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    p50: quantile(wall, 0.5),
    p99: quantile(wall, 0.99),
    cpuP50: quantile(cpu, 0.5),
    cpuP99: quantile(cpu, 0.99),
  };
}

/** A fixed loop of arithmetic: its p99 is the machine's noise, not the checks'. */
function noise(): number {
  const times: number[] = [];
  let sink = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    for (let j = 0; j < 2_000; j += 1) sink += Math.sqrt(j);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return sink > 0 ? quantile(times, 0.99) : 0;
}

const loadStart = performance.now();
loadCrisisModel();
const loadMs = performance.now() - loadStart;

const checkPost = (text: string) => {
  classifyCrisis(text);
  detectPersonalInfo(text);
};
const usual = posts(250, RUNS);
const long = posts(1_500, RUNS);
const arabic = posts(250, RUNS, arabicSentences);
const rows: [string, Timing][] = [
  ['crisis, usual post (250 chars)', time(usual, classifyCrisis)],
  ['crisis, long post (1,500 chars)', time(long, classifyCrisis)],
  ['personal info, usual post', time(usual, detectPersonalInfo)],
  ['personal info, long post', time(long, detectPersonalInfo)],
  ['both, usual post', time(usual, checkPost)],
  ['both, long post', time(long, checkPost)],
  ['crisis, Arabic usual post', time(arabic, classifyCrisis)],
  ['personal info, Arabic usual post', time(arabic, detectPersonalInfo)],
];
const ms = (x: number) => x.toFixed(3);
console.log(`Checking one post (${RUNS} posts each; Node ${process.version})\n`);
console.log('| check | p50 ms | p99 ms | CPU p50 ms | CPU p99 ms |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, t] of rows) {
  console.log(`| ${name} | ${ms(t.p50)} | ${ms(t.p99)} | ${ms(t.cpuP50)} | ${ms(t.cpuP99)} |`);
}
console.log(`\nwink-nlp's model read once at start: ${loadMs.toFixed(0)} ms.`);
console.log(`Machine noise: p99 of a fixed arithmetic loop ${ms(noise())} ms.`);
