/**
 * Drill (issue 27): a node killed under load. Two api nodes (one PostgreSQL database and one redis-server
 * of the drill's own) behind a round-robin TCP proxy (drill-lib roundRobinProxy: a gateway that skips a
 * node whose connect fails). Agents chat (each message with its clientKey, as the shell sends it; two
 * sockets per agent read them live through the proxy) and sell e-OSAGO (calculate, a contract, the
 * documents, «Отправить страховщику», then the payment: on the demo insurer's page `/pay/{token}` — its
 * callback in the node — or, for every other contract, as a real insurer does: a signed callback over HTTP
 * through the proxy, sent again until it is answered). Mid-load one node gets SIGKILL.
 *
 * What must hold: the sockets the dead node held are back on the other within 5 s (p100 of each client's
 * reconnect); every confirmed message is in the chat once, the refused ones sent again with their key
 * once too, and every reader has every message after its catch-up; no payment callback lost (every
 * payment the insurer took is applied once); no contract left between two statuses once the release
 * retry has run (RELEASE_RETRY_AFTER_MS shortened for the drill).
 *
 * Usage: node bench/drill-node-kill.mjs [--short] [--agents 5] [--logs DIR] [--keep]
 *   --logs: each node's log in DIR/node-N.log.
 *   needs a build (node scripts/build.mjs), PostgreSQL (DATABASE_URL, default
 *   postgres://postgres@127.0.0.1:5432/test: a database of its own, dropped at the end) and redis-server.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { freePort, psql, startDemoServer } from './lib.mjs';
import { chatMessagesAfter, fmt, openSocket, percentile, roundRobinProxy, signIn, sleep, startRedisServer, tally, timedCall } from './drill-lib.mjs';

const argv = process.argv.slice(2);
const arg = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const SHORT = argv.includes('--short');
const AGENT_EMAILS = ['agent@oyster.test', 'newagent@oyster.test', 'owner@oyster.test', 'subagent@oyster.test', 'broker@oyster.test'].slice(0, Number(arg('--agents')) || 5);
const SOCKETS_PER_AGENT = SHORT ? 2 : 4;
const BEFORE_MS = SHORT ? 8_000 : 30_000;
const AFTER_MS = SHORT ? 12_000 : 40_000;
const RECONNECT_LIMIT_MS = 5_000;
/** The release retry's wait, shortened so the drill sees it run (the product's default: 2 min). */
const RELEASE_RETRY_AFTER_MS = 5_000;
const SETTLE_LIMIT_MS = SHORT ? 30_000 : 60_000;
const STUCK = { 120: 'prepared', 125: 'sent', 210: 'awaitingCheck', 215: 'checkOk', 500: 'paid' };

const problems = [];
const baseUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
const dbName = `oyster_kill_${Date.now()}`;
psql(baseUrl.toString(), `CREATE DATABASE ${dbName}`);
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
const redisPort = await freePort();
const redis = await startRedisServer(redisPort);
const nodes = [];
let proxy;
const sockets = [];

/** A delivery of a payment callback as an insurer signs it (api/src/sales/payments/signature.ts; the demo secret is public). */
const signed = (code, raw) => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', `oyster-demo-payment-secret-${code}`).update(`${t}.${code}.${raw}`, 'utf8').digest('hex')}`;
};

try {
  const env = { DATABASE_URL: dbUrl.toString(), REDIS_URL: `redis://127.0.0.1:${redisPort}`, DEMO_INSURER_DELAY_MS: '300', RELEASE_RETRY_AFTER_MS: String(RELEASE_RETRY_AFTER_MS), RELEASE_RETRY_EVERY_MS: '2000' };
  const began = performance.now();
  const logFile = (n) => (arg('--logs') ? `${arg('--logs')}/node-${n}.log` : null);
  nodes.push(await startDemoServer({ port: await freePort(), env: { ...env, SEED_DEMO: '1' }, logFile: logFile(1) }));
  nodes.push(await startDemoServer({ port: await freePort(), env: { ...env, SEED_DEMO: '0' }, logFile: logFile(2) }));
  const targets = nodes.map((n) => ({ host: '127.0.0.1', port: Number(new URL(n.url).port) }));
  proxy = await roundRobinProxy(targets);
  const url = `http://127.0.0.1:${proxy.port}`;
  console.log(`two api nodes on PostgreSQL and Redis behind a round-robin proxy, up in ${((performance.now() - began) / 1000).toFixed(1)} s`);

  // The agents: a token, the support chat, sockets reading it live.
  const agents = [];
  for (const email of AGENT_EMAILS) {
    const token = await signIn(url, email);
    const support = await timedCall(url, token, 'GET', '/api/v2/chats/support');
    const chatId = support.body?.data?._id;
    if (!chatId) throw new Error(`${email}: no support chat (${support.status})`);
    const readers = [];
    for (let i = 0; i < SOCKETS_PER_AGENT; i++) {
      const r = { got: new Map(), lastSeq: 0, lostAt: 0, reconnects: [], connected: false };
      const s = openSocket(url, token);
      s.on('chat_message', (e) => {
        if (e.chatId !== chatId) return;
        r.got.set(e.message.id ?? e.message._id, (r.got.get(e.message.id ?? e.message._id) ?? 0) + 1);
        r.lastSeq = Math.max(r.lastSeq, Number(e.message.seq) || 0);
      });
      s.on('disconnect', () => {
        r.connected = false;
        r.lostAt = performance.now();
      });
      s.on('connect', async () => {
        r.connected = true;
        if (!r.lostAt) return;
        r.reconnects.push(performance.now() - r.lostAt);
        r.lostAt = 0;
        // The catch-up after a reconnect: what was written since the last message seen.
        await catchUp(r);
      });
      const catchUp = async (reader) => {
        const { items, ok } = await chatMessagesAfter(url, token, chatId, reader.lastSeq);
        for (const m of items) {
          if (!reader.got.has(m.id ?? m._id)) reader.got.set(m.id ?? m._id, 1);
          reader.lastSeq = Math.max(reader.lastSeq, Number(m.seq));
        }
        return ok;
      };
      r.catchUp = () => catchUp(r);
      sockets.push(s);
      readers.push(r);
    }
    agents.push({ email, token, chatId, readers, confirmed: new Map(), toResend: [], results: [] });
  }
  await sleep(1_000);
  if (sockets.some((s) => !s.connected)) throw new Error(`${sockets.filter((s) => !s.connected).length} sockets did not connect`);
  const perNode = targets.map((t) => proxy.on(t));
  console.log(`${AGENT_EMAILS.length} agents, ${sockets.length} sockets (${perNode.join(' + ')} connections on the nodes)`);

  // Sales: an address for the calculation, the companies.
  const a0 = agents[0];
  const suggestion = (await timedCall(url, a0.token, 'POST', '/suggest/address', { query: 'москва тверская', count: 1 })).body.suggestions[0];
  const companies = (await timedCall(url, a0.token, 'GET', '/api/v2/init-state')).body.data.companies;
  const vsk = companies.find((c) => c.idUnicus === 'vsk');
  const tomorrow = new Date(Date.now() + 3 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
  const calculation = { vehicle: { category: 'B', powerHp: 150, ownerType: 'FL', year: 2019 }, owner: { address: { value: suggestion.value, data: suggestion.data } }, unrestricted: true, periodMonths: 12, startDate: tomorrow };
  const details = {
    vehicle: { plate: 'А123ВС777', vin: 'XTA21140064123456', make: 'LADA', model: 'Granta', year: 2019, document: { type: 'STS', series: '77УХ', number: '123456', issuedAt: '2019-05-20' } },
    owner: { lastName: 'Смирнова', firstName: 'Анна', middleName: 'Петровна', birthDate: '1985-09-30', passport: { series: '4510', number: '123456', issuedAt: '2005-10-12', issuer: 'ОВД Тверского района г. Москвы' }, address: 'г Москва, ул Тверская, д 1' },
    insurantIsOwner: true,
    contacts: { phone: '+7 (916) 123-45-67', email: 'anna@example.ru' },
  };

  const t0 = performance.now();
  let phase = 'before';
  let running = true;
  const contracts = []; // { id, agent, paid: 'page'|'callback'|null, paymentIds }
  const callbacks = []; // every delivery the drill-as-insurer made

  // A call retried as a client does when it got no answer (the node died under it): the same call again.
  const again = async (fn, tries = 20) => {
    let r;
    for (let i = 0; i < tries; i++) {
      r = await fn();
      if (r.status && r.status < 500) return r;
      await sleep(250);
    }
    return r;
  };

  const chatter = async (a, w) => {
    for (let i = 0; running; i++) {
      const text = `drill ${dbName} ${a.email} ${w}-${i}`;
      const clientKey = `kill-${w}-${i}-${randomUUID().slice(0, 8)}`;
      const r = await timedCall(url, a.token, 'POST', `/api/v2/chats/${a.chatId}/messages`, { text, clientKey }, 10_000);
      a.results.push({ ...r, phase, kind: 'chat' });
      if (r.status === 200) a.confirmed.set(text, r.body.data.id ?? r.body.data._id);
      else a.toResend.push({ text, clientKey });
      await sleep(150);
    }
  };

  const seller = async (a, w) => {
    for (let i = 0; running; i++) {
      const calc = await again(() => timedCall(url, a.token, 'POST', '/api/v2/osago/calculate', calculation));
      a.results.push({ ...calc, phase, kind: 'quote' });
      const created = await timedCall(url, a.token, 'POST', '/api/v2/contracts', { calculation, companyId: vsk._id });
      a.results.push({ ...created, phase, kind: 'contract' });
      if (created.status !== 200) continue;
      const c = { id: created.body.data.id, agent: a, how: i % 2 === 0 ? 'page' : 'callback', paymentIds: new Set(), answered: null };
      contracts.push(c);
      await again(() => timedCall(url, a.token, 'PATCH', `/api/v2/contracts/${c.id}/details`, { details }));
      await again(() => timedCall(url, a.token, 'POST', `/api/v2/contracts/${c.id}/send`));
      // The insurer's steps follow; the agent reads the contract until its payment link is there.
      let waiting = null;
      for (let k = 0; k < 60 && !waiting; k++) {
        const r = await timedCall(url, a.token, 'GET', `/api/v2/contracts/${c.id}`);
        if (r.body?.data?.status === 250) waiting = r.body.data;
        else await sleep(200);
      }
      if (!waiting) continue;
      const token = waiting.paymentUrl.split('/pay/')[1];
      if (c.how === 'page') {
        // The client presses «Оплатить» on the demo insurer's page; with no answer, once more.
        const r = await again(() => timedCall(url, '', 'POST', `/pay/${token}`));
        c.answered = r.status;
      } else {
        // A real insurer: the money taken once, the callback sent until it gets an answer (each delivery signed anew).
        const body = { paymentId: `drill_${randomUUID()}`, paymentToken: token, amount: waiting.premium, paidAt: new Date().toISOString() };
        c.paymentIds.add(body.paymentId);
        const raw = JSON.stringify(body);
        let r;
        for (let k = 0; k < 40; k++) {
          const began = performance.now();
          try {
            const res = await fetch(`${url}/api/v2/payments/callback/vsk`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-oyster-signature': signed('vsk', raw) }, body: raw, signal: AbortSignal.timeout(10_000) });
            r = { status: res.status, body: await res.json(), ms: performance.now() - began };
          } catch (e) {
            r = { status: 0, error: e.cause?.code ?? e.name, ms: performance.now() - began };
          }
          callbacks.push({ ...r, phase, contract: c.id });
          if (r.status && r.status < 500) break;
          await sleep(250);
        }
        c.answered = r.status;
        c.callbackResult = r.body?.result;
      }
    }
  };

  const workers = agents.flatMap((a, w) => [chatter(a, w), seller(a, w)]);
  await sleep(BEFORE_MS);
  // SIGKILL the node that holds more sockets.
  const victim = perNode[0] >= perNode[1] ? 0 : 1;
  const killedAt = performance.now();
  phase = 'after';
  nodes[victim].kill();
  console.log(`node ${victim + 1} (${targets[victim].port}) killed with SIGKILL at ${((killedAt - t0) / 1000).toFixed(1)} s`);
  await sleep(AFTER_MS);
  running = false;
  await Promise.all(workers);

  // The refused messages sent again with their key; every reader's catch-up once more (a page opened).
  for (const a of agents) {
    for (const m of a.toResend) {
      const r = await timedCall(url, a.token, 'POST', `/api/v2/chats/${a.chatId}/messages`, m);
      a.results.push({ ...r, phase: 'resend', kind: 'chat' });
      if (r.status === 200) a.confirmed.set(m.text, r.body.data.id ?? r.body.data._id);
      else problems.push(`${a.email}: a refused message sent again was refused again (${r.status})`);
    }
  }
  await sleep(1_000);

  // Reconnects: every socket that lost its node.
  const reconnects = agents.flatMap((a) => a.readers.flatMap((r) => r.reconnects));
  const stillAway = agents.flatMap((a) => a.readers).filter((r) => !r.connected).length;
  console.log(`\nsockets: ${reconnects.length} of ${sockets.length} reconnected after the kill: p50 ${fmt(percentile(reconnects, 50))}, p100 ${fmt(Math.max(...reconnects))} (limit ${RECONNECT_LIMIT_MS / 1000} s); ${stillAway} still away; open now: ${targets.map((t) => proxy.on(t)).join(' + ')}`);
  if (!reconnects.length) problems.push('no socket lost its node: was a node killed?');
  if (Math.max(...reconnects) > RECONNECT_LIMIT_MS) problems.push(`a socket took ${fmt(Math.max(...reconnects))} to reconnect (limit ${RECONNECT_LIMIT_MS / 1000} s)`);
  if (stillAway) problems.push(`${stillAway} sockets did not reconnect`);

  // Chat: every confirmed message once in the chat; every reader has each (live, or its catch-up).
  let liveOnly = 0;
  let caughtUp = 0;
  let missingForReaders = 0;
  let doubledLive = 0;
  for (const a of agents) {
    const live = a.readers.map((r) => new Map(r.got));
    for (const r of a.readers) await r.catchUp();
    const seen = new Map();
    for (const m of (await chatMessagesAfter(url, a.token, a.chatId)).items) if (m.text?.startsWith(`drill ${dbName}`)) seen.set(m.text, [...(seen.get(m.text) ?? []), m.id ?? m._id]);
    const missing = [...a.confirmed.keys()].filter((t) => !seen.has(t));
    const doubled = [...seen].filter(([, ids]) => ids.length > 1);
    const unconfirmed = [...seen.keys()].filter((t) => !a.confirmed.has(t));
    if (missing.length) problems.push(`${a.email}: ${missing.length} confirmed messages missing from the chat`);
    if (doubled.length) problems.push(`${a.email}: ${doubled.length} messages written twice`);
    if (unconfirmed.length) problems.push(`${a.email}: ${unconfirmed.length} messages in the chat its sender was never told were written`);
    a.readers.forEach((r, i) => {
      for (const id of a.confirmed.values()) {
        if (!r.got.has(id)) missingForReaders++;
        else if (live[i].has(id)) liveOnly++;
        else caughtUp++;
        if ((live[i].get(id) ?? 0) > 1) doubledLive++;
      }
    });
  }
  const confirmedAll = agents.reduce((n, a) => n + a.confirmed.size, 0);
  const resent = agents.reduce((n, a) => n + a.toResend.length, 0);
  console.log(`chat: ${confirmedAll} messages confirmed (${resent} refused and sent again with their key); readers got ${liveOnly} live, ${caughtUp} by catch-up, ${missingForReaders} not at all; ${doubledLive} live deliveries doubled`);
  if (missingForReaders) problems.push(`${missingForReaders} message × reader pairs missing after the catch-up`);

  // Contracts: settle (the release retry), then none between two statuses, every payment applied once.
  const settleBegan = performance.now();
  let rows = [];
  const ids = contracts.map((c) => c.id);
  for (;;) {
    rows = (await Promise.all(contracts.map((c) => timedCall(url, c.agent.token, 'GET', `/api/v2/contracts/${c.id}`)))).map((r, i) => ({ ...contracts[i], status: r.body?.data?.status }));
    if (!rows.some((r) => STUCK[r.status]) || performance.now() - settleBegan > SETTLE_LIMIT_MS) break;
    await sleep(1_000);
  }
  const settledIn = performance.now() - settleBegan;
  const byStatus = tally(rows.map((r) => ({ status: r.status })));
  const stuck = rows.filter((r) => STUCK[r.status]);
  console.log(`contracts: ${ids.length} created; statuses ${JSON.stringify(byStatus)}, settled ${fmt(settledIn)} after the load`);
  if (stuck.length) problems.push(`${stuck.length} contracts stuck between two statuses ${SETTLE_LIMIT_MS / 1000} s after the load: ${JSON.stringify(tally(stuck.map((r) => ({ status: `${r.status} ${STUCK[r.status]}` }))))}`);
  const paidByInsurer = rows.filter((r) => r.how === 'callback' && r.paymentIds.size);
  const lostCallbacks = paidByInsurer.filter((r) => !(r.status >= 500 && r.status <= 700));
  const paidOnPage = rows.filter((r) => r.how === 'page' && r.answered);
  const lostOnPage = paidOnPage.filter((r) => !(r.status >= 500 && r.status <= 700));
  console.log(`payments: ${paidByInsurer.length} by the insurer's callback (${callbacks.length} deliveries: ${JSON.stringify(tally(callbacks))}), ${lostCallbacks.length} not applied; ${paidOnPage.length} on the demo page, ${lostOnPage.length} not applied`);
  if (lostCallbacks.length) problems.push(`${lostCallbacks.length} payments the insurer called back not applied: ${JSON.stringify(tally(lostCallbacks.map((r) => ({ status: r.status }))))}`);
  if (lostOnPage.length) problems.push(`${lostOnPage.length} payments made on the demo page not applied: ${JSON.stringify(tally(lostOnPage.map((r) => ({ status: r.status }))))}`);

  const calls = agents.flatMap((a) => a.results);
  console.log('\n| phase | kind | calls | answers | p50 | p95 |');
  console.log('|---|---|---|---|---|---|');
  for (const p of ['before', 'after', 'resend']) {
    for (const k of ['chat', 'quote', 'contract']) {
      const rs = calls.filter((r) => r.phase === p && r.kind === k);
      if (rs.length) console.log(`| ${p} | ${k} | ${rs.length} | ${JSON.stringify(tally(rs))} | ${fmt(percentile(rs.map((r) => r.ms), 50))} | ${fmt(percentile(rs.map((r) => r.ms), 95))} |`);
    }
  }
  const fives = calls.filter((r) => r.phase === 'before' && r.status !== 200);
  if (fives.length) problems.push(`${fives.length} calls failed before the kill: ${JSON.stringify(tally(fives))}`);
  // After the kill a call cut with its node has no answer (sent again, as above); a 500 is something else: shown, not failed on.
  const errors = calls.filter((r) => r.phase !== 'before' && r.status >= 500);
  if (errors.length) console.log(`note: ${errors.length} answers ${JSON.stringify(tally(errors))} after the kill not caused by it — see the nodes' logs (--logs DIR)`);
} catch (e) {
  problems.push(`the drill stopped: ${e.stack ?? e.message}`);
} finally {
  const step = (what) => process.env.DRILL_TRACE && console.error(`[stop] ${what}`);
  for (const s of sockets) s.close();
  step('sockets closed');
  await proxy?.close();
  step('proxy closed');
  for (const n of nodes) await n.stop();
  step('nodes stopped');
  await redis.kill();
  if (!argv.includes('--keep')) psql(baseUrl.toString(), `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
if (problems.length) {
  console.log(`\nFAILED:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('\nheld: sockets back within 5 s, every message once, every payment applied, no contract left mid-way');
