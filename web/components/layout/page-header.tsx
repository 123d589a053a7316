import { Box, Breadcrumb, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

export type Crumb = { label: string; href?: string };

export function PageHeader({ title, subtitle, crumbs, actions }: { title: string; subtitle?: string; crumbs?: Crumb[]; actions?: ReactNode }) {
  return (
    <Box display="flex" alignItems="flex-end" justifyContent="space-between" gap="4" mb="6">
      <Box>
        {crumbs && crumbs.length > 0 && (
          <Breadcrumb.Root size="sm" mb="2">
            <Breadcrumb.List>
              {crumbs.map((crumb, index) => (
                <Breadcrumb.Item key={crumb.label}>
                  {crumb.href ? (
                    <Breadcrumb.Link asChild><Link href={crumb.href}>{crumb.label}</Link></Breadcrumb.Link>
                  ) : (
                    <Breadcrumb.CurrentLink>{crumb.label}</Breadcrumb.CurrentLink>
                  )}
                  {index < crumbs.length - 1 && <Breadcrumb.Separator />}
                </Breadcrumb.Item>
              ))}
            </Breadcrumb.List>
          </Breadcrumb.Root>
        )}
        <Heading as="h1" size="2xl" fontWeight="semibold" letterSpacing="-0.01em">{title}</Heading>
        {subtitle && <Text color="fg.muted" mt="1">{subtitle}</Text>}
      </Box>
      {actions}
    </Box>
  );
}
