/**
 * Small bitmaps drawn once and then copied to the screen: the gallery rasterizes each thumbnail
 * the first time it comes into view and afterwards pans by copying, so that a frame costs one
 * image copy per thumbnail instead of filling and stroking every piece again. The least recently
 * used bitmaps are dropped when the cache passes its budget of pixels, so that tens of thousands
 * of tilings do not hold gigabytes.
 */
export class SpriteCache<K> {
  private readonly sprites = new Map<K, OffscreenCanvas>()
  private pixels = 0

  constructor(private readonly budgetPixels: number) {}

  /**
   * The bitmap for `key`, `width` × `height` CSS pixels at `ratio` device pixels each; `draw`
   * paints it (in CSS pixels) when it is not cached.
   */
  get(
    key: K,
    width: number,
    height: number,
    ratio: number,
    draw: (ctx: OffscreenCanvasRenderingContext2D) => void,
  ): OffscreenCanvas {
    const hit = this.sprites.get(key)
    if (hit) {
      // Most recently used last: a Map keeps insertion order.
      this.sprites.delete(key)
      this.sprites.set(key, hit)
      return hit
    }
    const canvas = new OffscreenCanvas(
      Math.max(1, Math.ceil(width * ratio)),
      Math.max(1, Math.ceil(height * ratio)),
    )
    const ctx = canvas.getContext('2d')!
    ctx.scale(ratio, ratio)
    draw(ctx)
    this.sprites.set(key, canvas)
    this.pixels += canvas.width * canvas.height
    for (const [k, old] of this.sprites) {
      if (this.pixels <= this.budgetPixels || k === key) break
      this.sprites.delete(k)
      this.pixels -= old.width * old.height
    }
    return canvas
  }

  clear(): void {
    this.sprites.clear()
    this.pixels = 0
  }
}
