let context: CanvasRenderingContext2D | null | undefined;

/**
 * The width of `text` set in the computed font of `style`, at `fontPx`, measured on a canvas: no
 * layout of the page is forced, however many texts are measured. Null where there is no canvas
 * (tests without one).
 */
export function textWidth(text: string, style: CSSStyleDeclaration, fontPx: number): number | null {
  if (context === undefined) {
    try {
      context = document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
  }
  if (!context) return null;
  context.font = `${style.fontStyle} ${style.fontWeight} ${fontPx}px ${style.fontFamily}`;
  // Tailwind's tracking classes; 'normal' is canvas's own default.
  if ('letterSpacing' in context) context.letterSpacing = style.letterSpacing;
  return context.measureText(text).width;
}
