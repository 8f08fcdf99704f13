/**
 * Runs in the docs page: each story canvas's height and the height of what is painted in it (text,
 * icons, controls, anything with a background, border or shadow), clipped as the reader sees it by
 * the scroll areas inside the story. A canvas far taller than that is empty space on the page.
 */
export interface CanvasExtent {
  story: string;
  /** Rendered in a frame of its own (`docs.story.inline: false`): its content is not measured. */
  framed: boolean;
  canvas: number;
  content: number;
}

export function canvasExtents(): CanvasExtent[] {
  const transparent = 'rgba(0, 0, 0, 0)';
  const replaced = new Set(['svg', 'img', 'input', 'button', 'select', 'textarea', 'iframe']);
  return [...document.querySelectorAll<HTMLElement>('.docs-story')].map((canvas) => {
    const block = canvas.querySelector<HTMLElement>('[data-story-block]');
    const story = block?.id ?? '';
    const box = canvas.getBoundingClientRect();
    if (!block || block.querySelector('iframe')) return { story, framed: true, canvas: box.height, content: box.height };
    let top = Infinity;
    let bottom = -Infinity;
    for (const element of block.querySelectorAll<Element>('*')) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const text = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      const painted =
        text ||
        replaced.has(element.localName) ||
        style.backgroundColor !== transparent ||
        style.boxShadow !== 'none' ||
        ['Top', 'Bottom', 'Left', 'Right'].some((side) => parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0);
      if (!painted) continue;
      const rect = element.getBoundingClientRect();
      let clipTop = rect.top;
      let clipBottom = rect.bottom;
      for (let parent = element.parentElement; parent && parent !== block; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        clipTop = Math.max(clipTop, clip.top);
        clipBottom = Math.min(clipBottom, clip.bottom);
      }
      if (clipBottom <= clipTop || rect.width === 0) continue;
      top = Math.min(top, clipTop);
      bottom = Math.max(bottom, clipBottom);
    }
    return { story, framed: false, canvas: Math.round(box.height), content: Math.round(Math.max(0, bottom - top)) };
  });
}
