/** One page of a listing, as the platform answers it: `nextPageKey` only when more exist. */
export interface Page<T> {
  items: T[];
  nextPageKey?: string;
}

/** What an openapi-fetch call answers. */
export interface Fetched<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** A listing call that failed: its status and the platform's error body. */
export class PageError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`listing answered ${status}: ${JSON.stringify(body)}`);
  }
}

/**
 * Every item of a listing, page after page: `fetchPage` asks for the page at a key (none for the first), and the
 * iterator follows `nextPageKey` until a page has none, or `maxPages` pages (default 1,000) have been read.
 *
 * for await (const wallet of items((pageKey) => client.GET('/api/wallets', { params: { query: { pageKey } } })))
 */
export async function* items<T>(
  fetchPage: (pageKey: string | undefined) => Promise<Fetched<Page<T>>>,
  options: { maxPages?: number } = {},
): AsyncGenerator<T, void, undefined> {
  const { maxPages = 1000 } = options;
  let pageKey: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const { data, error, response } = await fetchPage(pageKey);
    if (!data) throw new PageError(response.status, error);
    yield* data.items;
    if (!data.nextPageKey) return;
    pageKey = data.nextPageKey;
  }
}
