// Test-only: what uPlot needs from a browser that jsdom lacks (shared/design/stack-notes.md):
// a 2D canvas context and Path2D. Drawing calls are recorded, not rendered.
import { vi } from 'vitest';

/** A context whose every method is a no-op; measureText answers a width. */
function fakeContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const values: Record<string | symbol, unknown> = { canvas };
  return new Proxy(values, {
    get(target, property) {
      if (property in target) return target[property];
      if (property === 'measureText') return (text: string) => ({ width: text.length * 6 });
      if (property === 'getLineDash') return () => [];
      return () => undefined;
    },
    set(target, property, value) {
      target[property] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

class Path2DStub {
  moveTo() {}
  lineTo() {}
  rect() {}
  arc() {}
  closePath() {}
  bezierCurveTo() {}
  addPath() {}
}

/** Installs the stubs for one test file; restored by the setup's unstubAllGlobals. */
export function stubCanvas() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    return fakeContext(this);
  });
  vi.stubGlobal('Path2D', Path2DStub);
}
