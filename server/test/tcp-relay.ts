/**
 * A TCP relay between the server and PostgreSQL that can hold the bytes of chosen connections, the
 * way a stalled network or a stuck proxy holds them: the connection stays open and says nothing. A
 * connection is chosen by the application_name in its startup message (the server names its notice
 * listeners, db/database.ts), so that the pool's connections go on working meanwhile.
 */
import net from 'node:net';

export type TcpRelay = {
  /** The same PostgreSQL URL with the relay's address in place of the server's. */
  through(url: string): string;
  /** Holds every byte, both ways, of connections whose application_name starts with the prefix: those open and those to come. */
  stall(applicationNamePrefix: string): void;
  /** Lets the held bytes go and relays again. */
  resume(): void;
  close(): Promise<void>;
};

type Piped = { client: net.Socket; server: net.Socket; name: string | undefined; held: boolean; backlog: { to: net.Socket; chunk: Buffer }[] };

/**
 * The application_name in a PostgreSQL startup message (length, protocol 3.0, then name/value pairs
 * ending in a zero byte); undefined for another message (an SSL request) or none.
 */
function applicationNameOf(message: Buffer): string | undefined {
  if (message.length < 8 || message.readInt32BE(4) !== 196608) return undefined;
  const pairs = message.subarray(8).toString('utf8').split('\0');
  const at = pairs.indexOf('application_name');
  return at >= 0 && at % 2 === 0 ? pairs[at + 1] : undefined;
}

export async function startTcpRelay(target: { host: string; port: number }): Promise<TcpRelay> {
  const connections = new Set<Piped>();
  let stalled: string | undefined;
  const holds = (piped: Piped) => stalled !== undefined && piped.name?.startsWith(stalled) === true;

  const forward = (piped: Piped, to: net.Socket, chunk: Buffer) => {
    if (piped.held) piped.backlog.push({ to, chunk });
    else to.write(chunk);
  };

  const relay = net.createServer((client) => {
    const server = net.connect(target.port, target.host);
    const piped: Piped = { client, server, name: undefined, held: false, backlog: [] };
    connections.add(piped);
    let first = true;
    client.on('data', (chunk) => {
      if (first) {
        first = false;
        piped.name = applicationNameOf(chunk);
        piped.held = holds(piped);
      }
      forward(piped, server, chunk);
    });
    server.on('data', (chunk) => forward(piped, client, chunk));
    const end = () => {
      connections.delete(piped);
      client.destroy();
      server.destroy();
    };
    client.on('close', end);
    server.on('close', end);
    client.on('error', end);
    server.on('error', end);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as net.AddressInfo;

  return {
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    stall(prefix) {
      stalled = prefix;
      for (const piped of connections) if (holds(piped)) piped.held = true;
    },
    resume() {
      stalled = undefined;
      for (const piped of connections) {
        piped.held = false;
        for (const { to, chunk } of piped.backlog.splice(0)) to.write(chunk);
      }
    },
    close: async () => {
      for (const piped of connections) {
        piped.client.destroy();
        piped.server.destroy();
      }
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
