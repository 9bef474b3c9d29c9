import { describe, expect, it } from 'vitest';
import { parseWrk } from './wrk.ts';

/** wrk 4's report of a run with --latency, with socket errors and failed answers. */
const REPORT = `Running 1s test @ http://127.0.0.1:18999/x
  1 threads and 5 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     6.93ms   11.10ms  82.10ms   88.93%
    Req/Sec     1.63k     0.97k    2.89k    50.00%
  Latency Distribution
     50%  870.00us
     75%    7.92ms
     90%   19.73ms
     99%    1.20s
  1642 requests in 1.02s, 259.77KB read
  Socket errors: connect 1, read 2, write 3, timeout 4
  Non-2xx or 3xx responses: 17
Requests/sec:   1617.12
Transfer/sec:    255.83KB
`;

describe("wrk's report", () => {
  it('gives the rate, the latencies in milliseconds and the failures', () => {
    expect(parseWrk(REPORT)).toEqual({
      requestsPerSecond: 1617.12,
      p50Ms: 0.87,
      p99Ms: 1200,
      requests: 1642,
      timeouts: 4,
      socketErrors: 6,
      non2xx: 17,
    });
  });

  it('counts no failures when the report lists none', () => {
    const clean = REPORT.replace(/ {2}Socket errors.*\n {2}Non-2xx.*\n/, '');
    expect(parseWrk(clean)).toMatchObject({ timeouts: 0, socketErrors: 0, non2xx: 0 });
  });

  it('reads a run that measured nothing as nothing', () => {
    const result = parseWrk('unable to connect to 127.0.0.1:18999 Connection refused\n');
    expect(result.requests).toBe(0);
    expect(result.requestsPerSecond).toBe(0);
    expect(result.p50Ms).toBeNaN();
  });
});
