// @zone-independent: a stop draining requests and sockets. npm test's second time-zone run leaves it out (api/jest.config.cjs).
import DEMO from '@oyster/shared-kit/testing/demo-calculations.json';
import { start } from '../support/servers';
import { call, signIn } from '../support/http';
import { connectSocket, connected, once } from '../support/sockets';

const moscowDay = (n: number) => new Date(Date.now() + 3 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

/** A stop (SIGTERM: main.ts) drains, tells sockets to reconnect, and refuses what comes after (issue 27). */
describe('a graceful stop', () => {
  test('a call in flight gets its whole answer, a socket is closed as a lost transport (its client reconnects), a later call is refused', async () => {
    const running = await start({}, { demoInsurerDelayMs: 800 });
    const token = await signIn(running.url, 'agent');
    const socket = connectSocket(running.url, token);
    await connected(socket);
    const closedAs = once<string>(socket, 'disconnect', 10_000);

    const startDate = moscowDay(1);
    const quote = { ...DEMO.kasko, vehicle: { ...DEMO.kasko.vehicle, year: Number(startDate.slice(0, 4)) - 2 }, startDate };
    const inFlight = call(running.url, 'POST', '/api/v2/products/ekasko/quote', { token, body: quote });
    await new Promise((r) => setTimeout(r, 200));
    expect(running.oyster.stopping).toBe(false);
    const stopped = running.oyster.close({ graceMs: 1_000 });
    expect(running.oyster.stopping).toBe(true);
    // Not ready while stopping: the gateway sends new work to another node (the request is read in the grace).
    const ready = await call(running.url, 'GET', '/ready');
    expect([ready.status, ready.body.failed]).toEqual([503, ['stopping']]);

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body.data.offers.length).toBeGreaterThan(0);
    // «transport close»: socket.io's client reconnects by itself; «io server disconnect» would leave it away.
    expect(await closedAs).toBe('transport close');
    await stopped;
    await expect(fetch(`${running.url}/health`)).rejects.toThrow();
    socket.close();
  }, 120_000); // the app's start with its demo seed is most of it
});
