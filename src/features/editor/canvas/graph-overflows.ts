/** A drawn box in flow coordinates. */
export interface FlowBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * True when some agent lies, even partly, outside the visible canvas (`width`
 * × `height` pixels, at `transform` = [x, y, zoom]). Only then does the
 * minimap help: when the whole graph is in view it only covers part of it.
 */
export function graphOverflows(
  boxes: Iterable<FlowBox>,
  width: number,
  height: number,
  [tx, ty, zoom]: readonly [number, number, number],
): boolean {
  if (width <= 0 || height <= 0) return false;
  for (const box of boxes) {
    const left = box.x * zoom + tx;
    const top = box.y * zoom + ty;
    const right = (box.x + box.width) * zoom + tx;
    const bottom = (box.y + box.height) * zoom + ty;
    if (left < 0 || top < 0 || right > width || bottom > height) return true;
  }
  return false;
}
