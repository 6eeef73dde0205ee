import { memo } from 'react';
import Markdown, { type Components } from 'react-markdown';

interface MarkdownNode {
  type: string;
  value?: string;
  children?: MarkdownNode[];
}

/**
 * A remark plugin: raw HTML in the Markdown becomes literal text, so a server's `<script>` or
 * `<img onerror>` is shown for what it is instead of being dropped or, worse, rendered.
 */
function htmlAsText() {
  return (tree: MarkdownNode) => {
    const stack: MarkdownNode[] = [tree];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.type === 'html') node.type = 'text';
      if (node.children) stack.push(...node.children);
    }
  };
}

const isWebUrl = (href: string | undefined): href is string => typeof href === 'string' && /^https?:\/\//i.test(href);

const COMPONENTS: Components = {
  // Links open outside the app (Electron hands http(s) window.open to the OS browser); others stay text.
  a: ({ href, children }) =>
    isWebUrl(href) ? (
      <a href={href} target="_blank" rel="noreferrer noopener" title={href}>
        {children}
      </a>
    ) : (
      <span className="markdown__dead-link">{children}</span>
    ),
  // Images are not fetched: a server's description must not make the app load URLs.
  img: ({ alt, src }) => (
    <span className="markdown__image" title={typeof src === 'string' ? src : undefined}>
      [image{alt ? `: ${alt}` : ''}]
    </span>
  ),
};

const REMARK_PLUGINS = [htmlAsText];

/**
 * Markdown from a server (tool and prompt descriptions), rendered safely: no HTML, no remote loads.
 * Memoized: parsing is the costly part, and the views around it re-render on every run and keystroke.
 */
export const SafeMarkdown = memo(function SafeMarkdown({ text, className }: { text: string; className?: string }) {
  return (
    <div className={`markdown ${className ?? ''}`}>
      <Markdown remarkPlugins={REMARK_PLUGINS} skipHtml components={COMPONENTS}>
        {text}
      </Markdown>
    </div>
  );
});
