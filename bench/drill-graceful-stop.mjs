/**
 * Drill (issue 27): SIGTERM under load. An api node with signed-in sockets and slow calls in flight (the
 * demo insurers answer a quote after DELAY ms) is told to stop. What must hold: every call already sent
 * gets its whole answer (no reset), calls that come after are refused at the door (a new connection
 * refused, or 503, so a gateway sends them to another node), and every socket is closed as a lost
 * transport — socket.io's clients reconnect by themselves (to another node behind the gateway) — not as
 * «io server disconnect», after which a client stays away.
 *
 * Usage: node bench/drill-graceful-stop.mjs [--short] [--calls 30] [--sockets 50] [--delay-ms 1500]
 *   needs a build (node scripts/build.mjs); PGlite in a temporary folder.
 */
import DEMO from '../shared-kit/src/testing/demo-calculations.json' with { type: 'json' };
import { freePort, startDemoServer } from './lib.mjs';
import { fmt, openSocket, percentile, signIn, sleep, tally, timedCall } from './drill-lib.mjs';

const argv = process.argv.slice(2);
const arg = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const SHORT = argv.includes('--short');
const CALLS = Number(arg('--calls')) || (SHORT ? 20 : 60);
const SOCKETS = Number(arg('--sockets')) || (SHORT ? 20 : 200);
const DELAY_MS = Number(arg('--delay-ms')) || 1500;
const DAY = 86_400_000;
const moscowDay = (n) => new Date(Date.now() + 3 * 3_600_000 + n * DAY).toISOString().slice(0, 10);

const problems = [];
const server = await startDemoServer({ port: await freePort(), env: { DEMO_INSURER_DELAY_MS: String(DELAY_MS) } });
const sockets = [];
try {
  const { url } = server;
  const token = await signIn(url, 'agent@oyster.test');
  const kaskoStart = moscowDay(1);
  const quote = { ...DEMO.kasko, vehicle: { ...DEMO.kasko.vehicle, year: Number(kaskoStart.slice(0, 4)) - 2 }, startDate: kaskoStart };
  const warm = await timedCall(url, token, 'POST', '/api/v2/products/ekasko/quote', quote);
  if (warm.status !== 200) throw new Error(`the e-KASKO quote answered ${warm.status}: ${JSON.stringify(warm.body).slice(0, 200)}`);
  console.log(`an e-KASKO quote takes ${fmt(warm.ms)} with the insurers' delay of ${DELAY_MS} ms`);

  const reasons = [];
  await Promise.all(
    Array.from({ length: SOCKETS }, () => {
      const s = openSocket(url, token, { reconnection: false });
      sockets.push(s);
      s.on('disconnect', (reason) => reasons.push(reason));
      return new Promise((resolve, reject) => {
        s.once('connect', resolve);
        s.once('connect_error', reject);
      });
    }),
  );
  console.log(`${SOCKETS} sockets signed in`);

  // The calls in flight: sent, then SIGTERM while the insurers are still «thinking».
  const inFlight = Array.from({ length: CALLS }, () => timedCall(url, token, 'POST', '/api/v2/products/ekasko/quote', quote));
  await sleep(Math.min(500, DELAY_MS / 3));
  const termAt = performance.now();
  const stopped = server.stop().then(() => performance.now() - termAt);
  // Calls that come after the signal, one every 50 ms until the process is gone.
  const late = [];
  let exited = false;
  void stopped.then(() => (exited = true));
  const giveUpAt = Date.now() + 30_000;
  while (!exited && Date.now() < giveUpAt) {
    late.push(await timedCall(url, token, 'GET', '/api/v2/notifications/count-not-read', undefined, 5_000));
    await sleep(50);
  }
  if (!exited) {
    problems.push(`the process was still running 30 s after SIGTERM (${late.length} calls after the signal: ${JSON.stringify(tally(late))})`);
    server.kill();
  }
  const drainMs = await stopped;
  const answers = await Promise.all(inFlight);
  await sleep(200);

  const ok = answers.filter((r) => r.status === 200);
  console.log(`\nSIGTERM with ${CALLS} quotes in flight and ${SOCKETS} sockets: the process ended ${fmt(drainMs)} after the signal`);
  console.log(`calls in flight: ${JSON.stringify(tally(answers))}, p50 ${fmt(percentile(answers.map((r) => r.ms), 50))}, max ${fmt(Math.max(...answers.map((r) => r.ms)))}`);
  console.log(`calls after the signal: ${JSON.stringify(tally(late))}`);
  console.log(`sockets closed as: ${JSON.stringify(reasons.reduce((t, r) => ({ ...t, [r]: (t[r] ?? 0) + 1 }), {}))}`);
  if (ok.length !== CALLS) problems.push(`${CALLS - ok.length} of ${CALLS} calls in flight did not get their answer: ${JSON.stringify(tally(answers))}`);
  const badLate = late.filter((r) => !(r.status === 200 || r.status === 503 || r.error === 'ECONNREFUSED'));
  if (badLate.length) problems.push(`calls after the signal got ${JSON.stringify(tally(badLate))} (a reset, not a refusal or 503)`);
  if (reasons.length !== SOCKETS) problems.push(`${SOCKETS - reasons.length} sockets were not closed`);
  const stayAway = reasons.filter((r) => r === 'io server disconnect').length;
  if (stayAway) problems.push(`${stayAway} sockets were closed as «io server disconnect»: their clients would not reconnect`);
} catch (e) {
  problems.push(`the drill stopped: ${e.message}`);
} finally {
  for (const s of sockets) s.close();
  await server.stop();
}
if (problems.length) {
  console.log(`\nFAILED:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('\nheld: every call in flight answered, later ones refused at the door, every socket told to reconnect');
