import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the few Stripe API calls Peega makes (#35 billing):
 * customers, Checkout Sessions and Customer Portal sessions, on 127.0.0.1
 * and a free port. The `stripe` client reaches it through STRIPE_API_URL.
 * It records each call's path, key and form parameters; the URLs it hands
 * out are where a browser would go next (the journey's fake pages).
 */
export interface FakeStripe {
  url: string;
  calls: { path: string; authorization?: string; params: URLSearchParams }[];
  stop(): Promise<void>;
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startFakeStripe(): Promise<FakeStripe> {
  let n = 0;
  const fake: FakeStripe = { url: '', calls: [], stop: async () => undefined };
  const server = createServer(async (req, res) => {
    const params = new URLSearchParams(await readBody(req));
    const path = (req.url ?? '').split('?')[0]!;
    fake.calls.push({ path, authorization: req.headers.authorization, params });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    n += 1;
    if (req.method === 'POST' && path === '/v1/customers')
      return json(200, {
        id: `cus_fake${n}`,
        object: 'customer',
        email: params.get('email'),
        metadata: { company_id: params.get('metadata[company_id]') },
      });
    if (req.method === 'POST' && path === '/v1/checkout/sessions')
      return json(200, {
        id: `cs_test_${n}`,
        object: 'checkout.session',
        url: `${fake.url}/pay/cs_test_${n}`,
      });
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions')
      return json(200, {
        id: `bps_${n}`,
        object: 'billing_portal.session',
        url: `${fake.url}/portal/bps_${n}`,
      });
    json(404, {
      error: { type: 'invalid_request_error', message: 'Unknown path' },
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.stop = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
