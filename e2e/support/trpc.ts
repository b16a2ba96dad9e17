import { expect, type APIRequestContext } from "@playwright/test";

/**
 * tRPC over the app's real HTTP route, for specs that set up or check data
 * without the UI. A call that is not answered 2xx fails the test with the
 * server's own message.
 */

export async function trpcQuery<T>(request: APIRequestContext, path: string, input?: unknown): Promise<T> {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await request.get(`/api/trpc/${path}${query}`);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

export async function trpcMutation<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${path}`, { data: input });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** The id of the workspace's graph named `name` (a seeded example, or one a spec made). */
export async function graphIdByName(request: APIRequestContext, name: string): Promise<string> {
  const graphs = await trpcQuery<Array<{ id: string; name: string }>>(request, "graphs.list");
  const graph = graphs.find((g) => g.name === name);
  expect(graph, `graph "${name}"`).toBeDefined();
  return graph!.id;
}
