/** A node of V8's sampling heap profile (`HeapProfiler.getSamplingProfile`). */
export interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

const short = (url: string) => url.replace(/.*\/(src|bench|node_modules)\//, "$1/");

/**
 * Live bytes of a sampling heap profile by allocation site: the two innermost
 * frames of our code (src/, bench/) on the allocating stack, so a site names
 * both the allocation and the caller that keeps it.
 */
export function liveBytesBySite(head: SamplingNode): Map<string, number> {
  const bySite = new Map<string, number>();
  const walk = (node: SamplingNode, ours: string[]) => {
    const f = node.callFrame;
    const here = `${f.functionName || "(anonymous)"} ${short(f.url)}:${f.lineNumber + 1}`;
    const stack = /\/(src|bench)\//.test(f.url) ? [...ours, here] : ours;
    if (node.selfSize) {
      const key = stack.slice(-2).reverse().join("  <  ") || here;
      bySite.set(key, (bySite.get(key) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, stack);
  };
  walk(head, []);
  return bySite;
}
