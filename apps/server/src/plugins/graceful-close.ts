import fp from 'fastify-plugin';

/**
 * While the app closes, answers carry `Connection: close`: a keep-alive connection whose request was in
 * flight when the shutdown began is then closed by the client after its answer, instead of holding the
 * server open until its idle timeout.
 */
export const gracefulClosePlugin = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'lintel-graceful-close' },
);
