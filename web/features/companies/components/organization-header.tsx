import {
  Avatar,
  Badge,
  Box,
  Card,
  Flex,
  Heading,
  HStack,
  IconButton,
  Menu,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { formatNumber } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import type { CompanyUser } from '../api/company-user';
import type { CompanyDetails } from '../api/use-get-company';
import type { CompanyStats } from '../api/use-get-company-stats';

const PencilIcon = () => (
  <svg
    width="1em"
    height="1em"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    aria-hidden="true"
  >
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="m14 6 4 4" />
  </svg>
);
const DotsIcon = () => (
  <svg width="1em" height="1em" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
    <circle cx="5" cy="12" r="1.8" />
    <circle cx="12" cy="12" r="1.8" />
    <circle cx="19" cy="12" r="1.8" />
  </svg>
);

const STATUS_PALETTE = { PENDING: 'orange', ACTIVATED: 'green', DEACTIVATED: 'gray' } as const;

/** Avatar, name, edit pencil, status and support-level badges, imports, records, admins and the super-admin menu. */
export function OrganizationHeader({
  company,
  stats,
  admins,
  superAdmin,
  onEdit,
  onAssignContract,
}: {
  company: CompanyDetails;
  stats: CompanyStats;
  admins: CompanyUser[];
  superAdmin: boolean;
  onEdit: () => void;
  onAssignContract: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card.Root variant="outline" bg="bg" data-testid="organization-header">
      <Card.Body>
        <Flex gap="6" align="center" wrap="wrap">
          <Avatar.Root size="2xl">
            <Avatar.Image src={company.image ?? '/default-company.svg'} alt={company.name} />
            <Avatar.Fallback name={company.name} />
          </Avatar.Root>
          <Stack gap="2" flex="1" minW="60">
            <HStack gap="2">
              <Heading size="xl" data-testid="organization-name">
                {company.name}
              </Heading>
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('companies.edit.title')}
                onClick={onEdit}
                data-testid="edit-organization"
              >
                <PencilIcon />
              </IconButton>
            </HStack>
            <HStack gap="2">
              <Badge colorPalette={STATUS_PALETTE[company.isActivated]} data-testid="organization-status">
                {t(`companies.status.${company.isActivated}`)}
              </Badge>
              {company.supportLevel && (
                <Badge variant="outline" data-testid="organization-support-level">
                  {t('companies.supportLevel', { level: company.supportLevel })}
                </Badge>
              )}
            </HStack>
          </Stack>
          <HStack gap="8">
            <Box textAlign="center">
              <Text fontSize="2xl" fontWeight="bold" data-testid="organization-imports">
                {formatNumber(stats.numberOfDataImports, locale)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t('companies.dataImports')}
              </Text>
            </Box>
            <Box textAlign="center">
              <Text fontSize="2xl" fontWeight="bold" data-testid="organization-records">
                {formatNumber(stats.numberOfDataRecords, locale)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t('companies.dataRecords')}
              </Text>
            </Box>
          </HStack>
          <Stack gap="1" minW="48" data-testid="organization-admins">
            <Text fontSize="sm" fontWeight="semibold">
              {t('companies.admins')}
            </Text>
            <HStack gap="-2">
              {admins.map((a) => (
                <Avatar.Root
                  key={a.id}
                  size="sm"
                  title={`${a.name.first} ${a.name.last}`}
                  borderWidth="2px"
                  borderColor="bg"
                >
                  <Avatar.Fallback name={`${a.name.first} ${a.name.last}`} />
                  {a.image && <Avatar.Image src={a.image} />}
                </Avatar.Root>
              ))}
              {admins.length === 0 && (
                <Text fontSize="sm" color="fg.muted">
                  -
                </Text>
              )}
            </HStack>
          </Stack>
          {superAdmin && (
            <Menu.Root>
              <Menu.Trigger asChild>
                <IconButton
                  size="sm"
                  variant="outline"
                  aria-label={t('companies.menu')}
                  data-testid="organization-menu"
                >
                  <DotsIcon />
                </IconButton>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    <Menu.Item value="assign" onClick={onAssignContract} data-testid="assign-new-contract">
                      {t('companies.assignNewContract')}
                    </Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
