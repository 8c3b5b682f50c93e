import type { BackendContext } from '../context.ts';
import { json, type Handler, type ServiceResponse } from '../http.ts';

interface Message {
  id: string;
  to_email: string;
  subject: string;
  kind: string;
  body_text: string;
  body_html: string;
  link: string | null;
  created_at: Date;
  status: string;
  sent_at: Date | null;
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[
        c
      ]!,
  );

const page = (title: string, body: string): ServiceResponse => ({
  status: 200,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // The mail bodies are shown in a sandboxed frame; this page itself runs no script.
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src 'self' data:",
  },
  body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Peega mailbox</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f5f3ff;color:#1f1147}
header{background:#6d28d9;color:#fff;padding:16px 24px}header a{color:#fff}
main{max-width:960px;margin:24px auto;padding:0 16px}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:12px;overflow:hidden}
td,th{padding:10px 12px;border-bottom:1px solid #ede9fe;text-align:left;vertical-align:top}
th{font-size:12px;text-transform:uppercase;color:#6b21a8}.muted{color:#6b7280;font-size:13px}
iframe{width:100%;height:480px;border:1px solid #ede9fe;border-radius:12px;background:#fff}
a.btn{display:inline-block;background:#6d28d9;color:#fff;padding:8px 14px;border-radius:8px;text-decoration:none}
</style></head><body><header><strong>Peega mailbox</strong> · every e-mail the local backend would send</header><main>${body}</main></body></html>`,
});

/**
 * `/_mail`: a mail catcher like the one of Supabase's local stack. Only mounted
 * in demo mode: it shows recovery links, which must never be public.
 */
export function createMailboxService(ctx: BackendContext): Handler {
  const columns =
    'id, to_email, subject, kind, body_text, body_html, link, created_at, status, sent_at';
  return async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return json(405, { message: 'Method not allowed' });
    if (req.path === '/api/messages') {
      const to = req.url.searchParams.get('to');
      const { rows } = await ctx.db.query<Message>(
        `select ${columns} from auth.outbox where $1::text is null or lower(to_email) = lower($1) order by created_at desc, id limit 200`,
        [to],
      );
      return json(200, rows);
    }
    const one = /^\/([0-9a-f-]{36})(\/body)?$/.exec(req.path);
    if (one) {
      const { rows } = await ctx.db.query<Message>(
        `select ${columns} from auth.outbox where id = $1`,
        [one[1]],
      );
      const m = rows[0];
      if (!m)
        return page(
          'Not found',
          '<p>This message does not exist.</p><p><a href="/_mail">All messages</a></p>',
        );
      if (one[2]) {
        return {
          status: 200,
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy':
              'sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
          },
          body: m.body_html,
        };
      }
      return page(
        m.subject,
        `<p><a href="/_mail">← All messages</a></p><h1>${esc(m.subject)}</h1>
<p class="muted">To ${esc(m.to_email)} · ${m.created_at.toISOString()} · ${esc(m.kind)}</p>
${m.link ? `<p><a class="btn" href="${esc(m.link)}">Open the link in this e-mail</a></p>` : ''}
<iframe sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" src="/_mail/${m.id}/body" title="Message"></iframe>`,
      );
    }
    if (req.path !== '/' && req.path !== '')
      return page('Not found', '<p>Nothing here.</p>');
    const { rows } = await ctx.db.query<Message>(
      `select ${columns} from auth.outbox order by created_at desc, id limit 200`,
    );
    const list = rows.length
      ? `<table><thead><tr><th>To</th><th>Subject</th><th>When</th></tr></thead><tbody>${rows
          .map(
            (m) =>
              `<tr><td>${esc(m.to_email)}</td><td><a href="/_mail/${m.id}">${esc(m.subject)}</a><div class="muted">${esc(m.kind)}</div></td><td class="muted">${m.created_at.toISOString().replace('T', ' ').slice(0, 19)} UTC</td></tr>`,
          )
          .join('')}</tbody></table>`
      : '<p>No e-mails yet. Sign up or ask for a password reset and they appear here.</p>';
    return page('Inbox', list);
  };
}
