// The floor: a plain `ws` server run the way the backend is (its own Node process, loopback), so each
// backend figure can be read against what the same machine does with no backend work at all.
// "e…" is echoed to the sender; "l" registers a listener; "b…" is sent to every listener.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

const server = http.createServer();
const wss = new WebSocketServer({ server, perMessageDeflate: false });
const listeners = new Set<WebSocket>();

wss.on("connection", (ws) => {
  ws.on("message", (data) => {
    const msg = data.toString();
    if (msg[0] === "e") ws.send(msg);
    else if (msg === "l") listeners.add(ws);
    else if (msg[0] === "b") for (const l of listeners) l.send(msg);
  });
  ws.on("close", () => listeners.delete(ws));
});

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`FLOOR_READY ${JSON.stringify({ url: `ws://127.0.0.1:${port}` })}\n`);
});
process.once("SIGTERM", () => process.exit(0));
