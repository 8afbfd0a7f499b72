// A TCP proxy in front of PostgreSQL that counts the site's database round trips and the time it
// waits for them (`npm run bench -- portal`). It reads PostgreSQL's wire protocol as it passes:
// a round trip is one the client ends with Sync ('S', the end of an extended-protocol query, as
// node-postgres sends for every parameterised query) or sends as a simple Query ('Q'); it ends
// when the server answers ReadyForQuery ('Z'). Its time is from the client's last byte of that
// message passing the proxy to the server's 'Z' passing back: the database's work plus two
// loopback hops, what a request waits for.
//
// Connections whose start-up names `application_name=pgboss` (pg-boss's own pool: the job
// queue's polling) are passed but not counted; what else runs in the background (the mail
// outbox's wake-ups) is measured while the site is idle and subtracted by the caller.
//
// Besides the round trips it counts the waits: the times the number of round trips in flight (on
// all connections) rose from none to one. Queries a request sends together, each on its own
// pooled connection, overlap and make one wait; queries sent one after the other make one wait
// each. With one request at a time, the waits of a request are the round trips it waits for in
// sequence: what its latency pays.
import net from 'node:net';

/** The ids of the messages that end a round trip, as the client sends them. */
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const READY = 0x5a; // 'Z'
const PARSE = 0x50; // 'P'
const BIND = 0x42; // 'B'
/** How much of a kept message is read: enough to name a statement. */
const KEEP_BYTES = 400;

/**
 * Calls `onMessage(type, body)` for each message of a PostgreSQL byte stream fed through
 * `feed(chunk)`; `body` is the message's bytes for the types in `keep` (a Set of type ids), else
 * undefined, and only its first KEEP_BYTES. With `startup`, the first message has no type byte
 * (the client's StartupMessage) and is given whole to `onStartup(bytes)`.
 */
function messageReader({ startup = false, onMessage, onStartup = () => {}, keep = new Set() }) {
  let header = Buffer.alloc(0);
  let skip = 0;
  let kept = null;
  let keptType = 0;
  let awaitingStartup = startup;
  let startupBytes = null;
  let startupLength = 0;
  return function feed(chunk) {
    let at = 0;
    while (at < chunk.length) {
      if (startupBytes) {
        const take = Math.min(startupLength - startupBytes.length, chunk.length - at);
        startupBytes = Buffer.concat([startupBytes, chunk.subarray(at, at + take)]);
        at += take;
        if (startupBytes.length === startupLength) {
          onStartup(startupBytes);
          startupBytes = null;
        }
        continue;
      }
      if (skip > 0) {
        const take = Math.min(skip, chunk.length - at);
        if (kept && kept.length < KEEP_BYTES) kept = Buffer.concat([kept, chunk.subarray(at, at + Math.min(take, KEEP_BYTES))]);
        skip -= take;
        at += take;
        if (skip === 0 && kept) {
          onMessage(keptType, kept);
          kept = null;
        }
        continue;
      }
      const need = awaitingStartup ? 4 : 5;
      const take = Math.min(need - header.length, chunk.length - at);
      header = Buffer.concat([header, chunk.subarray(at, at + take)]);
      at += take;
      if (header.length < need) continue;
      if (awaitingStartup) {
        awaitingStartup = false;
        startupLength = header.readInt32BE(0);
        startupBytes = header;
      } else {
        skip = header.readInt32BE(1) - 4;
        if (keep.has(header[0]) && skip > 0) {
          kept = Buffer.alloc(0);
          keptType = header[0];
        } else onMessage(header[0]);
      }
      header = Buffer.alloc(0);
    }
  };
}

/**
 * Starts the proxy to `upstream` ({ host, port }) on a free port of 127.0.0.1. Returns
 * { port, counts(), trace(work), close() }: `counts()` is { roundTrips, waits, waitMs } counted since the start
 * (waitMs sums each round trip's time, overlapping ones each in full).
 */
export async function startQueryCounter(upstream) {
  let roundTrips = 0;
  let waitMs = 0;
  let waits = 0;
  let inFlight = 0;
  /** While `trace` runs: each round trip as { wait, statement }. */
  let tracing = null;
  const sockets = new Set();
  const server = net.createServer((client) => {
    const db = net.connect(upstream);
    // As node-postgres and PostgreSQL do: without it, a result written in two pieces waits for
    // the site's delayed ACK of the first (Nagle's algorithm), about 40 ms, a stall the site
    // would not see talking to PostgreSQL itself.
    client.setNoDelay(true);
    db.setNoDelay(true);
    sockets.add(client).add(db);
    let counted = true;
    const pending = [];
    /** This connection's statement being sent, and its named prepared statements' texts. */
    let statement = '';
    const named = new Map();
    const fromClient = messageReader({
      startup: true,
      onStartup(bytes) {
        if (bytes.includes(Buffer.from('application_name\0pgboss\0'))) counted = false;
      },
      keep: new Set([PARSE, BIND, QUERY]),
      onMessage(type, body) {
        if (body && type === PARSE) {
          const [name, text] = body.toString('utf8').split('\0');
          statement = text;
          if (name) named.set(name, text);
        } else if (body && type === BIND) {
          const name = body.toString('utf8').split('\0')[1];
          if (name) statement = named.get(name) ?? `(prepared ${name})`;
        } else if (body && type === QUERY) statement = body.toString('utf8').split('\0')[0];
        if (counted && (type === SYNC || type === QUERY)) {
          roundTrips++;
          if (inFlight++ === 0) waits++;
          pending.push(performance.now());
          if (tracing) tracing.push({ wait: waits, statement: statement.replace(/\s+/g, ' ').trim() });
        }
      },
    });
    const fromServer = messageReader({
      onMessage(type) {
        if (type === READY && pending.length) {
          waitMs += performance.now() - pending.shift();
          inFlight--;
        }
      },
    });
    client.on('data', (chunk) => {
      fromClient(chunk);
      db.write(chunk);
    });
    db.on('data', (chunk) => {
      fromServer(chunk);
      client.write(chunk);
    });
    const end = () => {
      inFlight -= pending.splice(0).length;
      client.destroy();
      db.destroy();
      sockets.delete(client);
      sockets.delete(db);
    };
    client.on('close', end).on('error', end);
    db.on('close', end).on('error', end);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    counts: () => ({ roundTrips, waits, waitMs }),
    /**
     * Runs `work` (a function returning a promise) and gives its round trips, grouped by wait:
     * [[statement, …], …], each statement its first words up to `width` characters.
     */
    async trace(work, width = 110) {
      tracing = [];
      try {
        await work();
        const groups = new Map();
        for (const { wait, statement } of tracing) {
          if (!groups.has(wait)) groups.set(wait, []);
          groups.get(wait).push(statement.length > width ? `${statement.slice(0, width - 1)}…` : statement);
        }
        return [...groups.values()];
      } finally {
        tracing = null;
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
