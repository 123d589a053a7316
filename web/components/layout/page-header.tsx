import { Box, Breadcrumb, Heading, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';

export type Crumb = { label: string; href?: string };

export function PageHeader({
  title,
  subtitle,
  crumbs,
  actions,
}: {
  title: string;
  subtitle?: string;
  crumbs?: Crumb[];
  actions?: ReactNode;
}) {
  return (
    // The actions move below the title when both do not fit (1024 px with the side menu), rather than
    // squeezing the title into a narrow column or pushing buttons off the page.
    <Box display="flex" flexWrap="wrap" alignItems="flex-end" justifyContent="space-between" gap="4" mb="6">
      <Box flex="1 1 18rem" minW="0">
        {crumbs && crumbs.length > 0 && (
          <Breadcrumb.Root size="sm" mb="2" css={{ '& li': { whiteSpace: 'nowrap' }, '& ol': { flexWrap: 'wrap' } }}>
            <Breadcrumb.List>
              {/* The separator is a list item of its own (Chakra renders an <li>), so it sits beside the item, not in it. */}
              {crumbs.map((crumb, index) => (
                <Fragment key={crumb.label}>
                  <Breadcrumb.Item>
                    {crumb.href ? (
                      <Breadcrumb.Link asChild>
                        <Link href={crumb.href}>{crumb.label}</Link>
                      </Breadcrumb.Link>
                    ) : (
                      <Breadcrumb.CurrentLink>{crumb.label}</Breadcrumb.CurrentLink>
                    )}
                  </Breadcrumb.Item>
                  {index < crumbs.length - 1 && <Breadcrumb.Separator />}
                </Fragment>
              ))}
            </Breadcrumb.List>
          </Breadcrumb.Root>
        )}
        <Heading as="h1" size="2xl" fontWeight="semibold" letterSpacing="-0.01em">
          {title}
        </Heading>
        {subtitle && (
          <Text color="fg.muted" mt="1">
            {subtitle}
          </Text>
        )}
      </Box>
      {actions ? (
        <Box maxW="100%" css={{ '& > *': { flexWrap: 'wrap' } }}>
          {actions}
        </Box>
      ) : null}
    </Box>
  );
}
