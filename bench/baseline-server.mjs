// The baseline every throughput figure is divided by: a bare Fastify hello-world, started like the real
// server (its own Node process, the same logger level), answering a small JSON body.
import Fastify from 'fastify';

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
app.get('/hello', async () => ({ hello: 'world' }));
app.get('/api/v1/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
