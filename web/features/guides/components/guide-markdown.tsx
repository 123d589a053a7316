import { Box, Code, Heading, Link as ChakraLink, List, Table, Text } from '@chakra-ui/react';
import type { Element } from 'hast';
import type { ReactNode } from 'react';
import Markdown, { type Components, defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Link } from 'wouter';
import { FIGURE_PREFIX, remarkHeadingAnchors } from '../content/markdown';
import { GuideFigure } from '../diagrams/figures';

const isFigureParagraph = (node: Element | undefined) =>
  node?.children.length === 1 && node.children[0]?.type === 'element' && node.children[0].tagName === 'img';

function anchorHeading(level: 2 | 3 | 4) {
  const size = level === 2 ? 'xl' : level === 3 ? 'md' : 'sm';
  return function GuideHeading({ id, children }: { id?: string; children?: ReactNode }) {
    return (
      <Heading
        as={`h${level}`}
        id={id}
        size={size}
        mt={level === 2 ? '10' : '7'}
        mb="3"
        scrollMarginTop="6"
        css={{ breakAfter: 'avoid', '&:hover .anchor-link': { opacity: 1 } }}
      >
        {children}
        {id && (
          <ChakraLink
            href={`#${id}`}
            className="anchor-link"
            ms="2"
            color="fg.subtle"
            opacity={0}
            aria-hidden
            data-print-hide
            textDecoration="none"
          >
            #
          </ChakraLink>
        )}
      </Heading>
    );
  };
}

/** Links inside the app navigate without a reload; anchors scroll; anything else opens a new tab. */
function GuideLink({ href = '', children }: { href?: string; children?: ReactNode }) {
  if (href.startsWith('/'))
    return (
      <ChakraLink asChild color="brand.fg" fontWeight="medium">
        <Link href={href}>{children}</Link>
      </ChakraLink>
    );
  if (href.startsWith('#'))
    return (
      <ChakraLink href={href} color="brand.fg" fontWeight="medium">
        {children}
      </ChakraLink>
    );
  return (
    <ChakraLink href={href} color="brand.fg" target="_blank" rel="noopener noreferrer">
      {children}
    </ChakraLink>
  );
}

const components: Components = {
  h1: anchorHeading(2),
  h2: anchorHeading(2),
  h3: anchorHeading(3),
  h4: anchorHeading(4),
  p: ({ node, children }) =>
    isFigureParagraph(node) ? (
      <>{children}</>
    ) : (
      <Text my="3" lineHeight="1.7">
        {children}
      </Text>
    ),
  a: ({ href, children }) => <GuideLink href={href}>{children}</GuideLink>,
  ul: ({ children }) => (
    <List.Root ps="6" my="3" gap="1.5" lineHeight="1.7">
      {children}
    </List.Root>
  ),
  ol: ({ children }) => (
    <List.Root as="ol" ps="6" my="3" gap="1.5" lineHeight="1.7">
      {children}
    </List.Root>
  ),
  li: ({ children }) => <List.Item>{children}</List.Item>,
  blockquote: ({ children }) => (
    <Box
      my="4"
      px="4"
      py="1"
      borderStartWidth="4px"
      borderColor="brand.solid"
      bg="brand.subtle"
      borderRadius="md"
      css={{ breakInside: 'avoid' }}
    >
      {children}
    </Box>
  ),
  code: ({ children }) => (
    <Code size="sm" colorPalette="gray">
      {children}
    </Code>
  ),
  pre: ({ children }) => (
    <Box as="pre" my="3" p="3" bg="bg.muted" borderRadius="md" overflowX="auto" fontSize="sm">
      {children}
    </Box>
  ),
  table: ({ children }) => (
    <Box my="4" overflowX="auto" css={{ breakInside: 'avoid' }}>
      <Table.Root size="sm" variant="outline">
        {children}
      </Table.Root>
    </Box>
  ),
  thead: ({ children }) => <Table.Header>{children}</Table.Header>,
  tbody: ({ children }) => <Table.Body>{children}</Table.Body>,
  tr: ({ children }) => <Table.Row>{children}</Table.Row>,
  th: ({ children, style }) => <Table.ColumnHeader textAlign={style?.textAlign}>{children}</Table.ColumnHeader>,
  td: ({ children, style }) => (
    <Table.Cell textAlign={style?.textAlign} verticalAlign="top">
      {children}
    </Table.Cell>
  ),
  img: ({ src, alt }) =>
    typeof src === 'string' && src.startsWith(FIGURE_PREFIX) ? (
      <GuideFigure name={src.slice(FIGURE_PREFIX.length)} caption={alt ?? ''} />
    ) : null,
  hr: () => <Box as="hr" my="8" borderColor="border.muted" />,
};

/** Keeps `figure:` addresses for images; every other address goes through react-markdown's safe default. */
function urlTransform(url: string, key: string): string | null | undefined {
  return key === 'src' && url.startsWith(FIGURE_PREFIX) ? url : defaultUrlTransform(url);
}

/**
 * Renders guide markdown as React elements (never as HTML strings): raw HTML in the text is dropped
 * (skipHtml), addresses are sanitised, images are only our figures.
 */
export function GuideMarkdown({ text }: { text: string }) {
  return (
    <Markdown
      remarkPlugins={[remarkGfm, remarkHeadingAnchors]}
      skipHtml
      urlTransform={urlTransform}
      components={components}
    >
      {text}
    </Markdown>
  );
}
