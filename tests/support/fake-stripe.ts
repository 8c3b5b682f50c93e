import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local fake of the few Stripe API calls Peega makes (#35 billing):
 * customers, Checkout Sessions and Customer Portal sessions, on 127.0.0.1.
 * The `stripe` client reaches it through STRIPE_API_URL. It records each
 * call's path, key and form parameters.
 *
 * With `webhook`, the URLs it hands out are pages a browser can use: the
 * Checkout page's "Pay" and the Portal's "Cancel plan" send the events
 * Stripe would (a subscription created active, then deleted), signed with
 * the webhook secret by Stripe's own library, to the backend's
 * stripe-webhook, then go back to the app as Stripe does.
 */
export interface FakeStripe {
  url: string;
  calls: { path: string; authorization?: string; params: URLSearchParams }[];
  /** The last bought subscription's renewal fails: Stripe marks it past_due. */
  paymentFails(): Promise<void>;
  stop(): Promise<void>;
}

export interface FakeStripeOptions {
  /** Listen here (the e2e fixture port) instead of a free port. */
  port?: number;
  webhook?: { url: string; secret: string };
}

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

interface Session {
  customer: string;
  price: string;
  companyId: string;
  next: string;
}

const page = (title: string, action: string, button: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem">
<h1>${title}</h1><p>A local stand-in for Stripe's hosted page.</p>
<form method="post" action="${action}"><button type="submit">${button}</button></form></body></html>`;

export async function startFakeStripe(
  options: FakeStripeOptions = {},
): Promise<FakeStripe> {
  let n = 0;
  const sessions = new Map<string, Session>();
  const portals = new Map<string, Session>();
  const subscriptions = new Map<string, Session>();
  const fake: FakeStripe = {
    url: '',
    calls: [],
    paymentFails: async () => {
      const s = [...subscriptions.values()].at(-1);
      if (!s) throw new Error('nothing was bought');
      await send('customer.subscription.updated', s, 'past_due');
    },
    stop: async () => undefined,
  };
  const signer = new Stripe('sk_test_fake_signer');

  async function send(type: string, s: Session, status: string) {
    const hook = options.webhook!;
    const event = {
      id: `evt_fake_${++n}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `sub_${s.customer}`,
          object: 'subscription',
          customer: s.customer,
          status,
          metadata: { company_id: s.companyId },
          items: { data: [{ price: { id: s.price } }] },
        },
      },
    };
    const payload = JSON.stringify(event);
    const res = await fetch(hook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload,
          secret: hook.secret,
        }),
      },
      body: payload,
    });
    if (!res.ok) throw new Error(`stripe-webhook answered ${res.status}`);
  }

  const server = createServer(async (req, res) => {
    const params = new URLSearchParams(await readBody(req));
    const path = (req.url ?? '').split('?')[0]!;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const back = (to: string) => {
      res.writeHead(303, { location: to });
      res.end();
    };
    if (path.startsWith('/v1/'))
      fake.calls.push({
        path,
        authorization: req.headers.authorization,
        params,
      });
    n += 1;
    try {
      if (req.method === 'POST' && path === '/v1/customers')
        return json(200, {
          id: `cus_fake${n}`,
          object: 'customer',
          email: params.get('email'),
          metadata: { company_id: params.get('metadata[company_id]') },
        });
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${n}`;
        sessions.set(id, {
          customer: params.get('customer') ?? '',
          price: params.get('line_items[0][price]') ?? '',
          companyId: params.get('client_reference_id') ?? '',
          next: params.get('success_url') ?? '/',
        });
        return json(200, {
          id,
          object: 'checkout.session',
          url: `${fake.url}/pay/${id}`,
        });
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        const id = `bps_${n}`;
        const customer = params.get('customer') ?? '';
        const bought = subscriptions.get(customer);
        portals.set(id, {
          ...(bought ?? { customer, price: '', companyId: '' }),
          next: params.get('return_url') ?? '/',
        });
        return json(200, {
          id,
          object: 'billing_portal.session',
          url: `${fake.url}/portal/${id}`,
        });
      }
      const [, kind, id = ''] = path.split('/');
      if (options.webhook && kind === 'pay' && sessions.has(id)) {
        const s = sessions.get(id)!;
        if (req.method === 'GET')
          return html(page('Pay Peega', `/pay/${id}`, 'Pay'));
        subscriptions.set(s.customer, s);
        await send('customer.subscription.created', s, 'active');
        return back(s.next);
      }
      if (options.webhook && kind === 'portal' && portals.has(id)) {
        const s = portals.get(id)!;
        if (req.method === 'GET')
          return html(
            page('Your Peega billing', `/portal/${id}`, 'Cancel plan'),
          );
        await send('customer.subscription.deleted', s, 'canceled');
        return back(s.next);
      }
      json(404, {
        error: { type: 'invalid_request_error', message: 'Unknown path' },
      });
    } catch (e) {
      json(500, { error: { message: String(e) } });
    }
  });
  await new Promise<void>((r) =>
    server.listen(options.port ?? 0, '127.0.0.1', r),
  );
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.stop = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
