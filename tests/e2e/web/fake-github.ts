import { createServer, type Server } from 'node:http';
import { fixturePort } from '../../../playwright.config.ts';

/** A request the fake GitHub API received. */
export interface GitHubCall {
  path: string;
  authorization: string | undefined;
  body: { title: string; body: string };
}

export interface FakeGitHub {
  /** Requests received, oldest first. */
  seen: GitHubCall[];
  stop(): Promise<void>;
}

/**
 * The fake GitHub API of the #22 journeys, on the fixture port (the
 * backend's integrations function is pointed at `<fixture>/github` by
 * playwright.config.ts): `POST /github/repos/<repo>/issues` creates issue
 * `number`; any other path is GitHub's 404.
 */
export async function startFakeGitHub(
  repo: string,
  number: number,
): Promise<FakeGitHub> {
  const seen: GitHubCall[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      seen.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        body: JSON.parse(text || '{}') as GitHubCall['body'],
      });
      const ok = req.url === `/github/repos/${repo}/issues`;
      res.writeHead(ok ? 201 : 404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          ok
            ? {
                number,
                html_url: `https://github.com/${repo}/issues/${number}`,
              }
            : { message: 'Not Found' },
        ),
      );
    });
  });
  await new Promise<void>((r) => server.listen(fixturePort, '127.0.0.1', r));
  return {
    seen,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
