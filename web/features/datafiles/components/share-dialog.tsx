import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  HStack,
  IconButton,
  Portal,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { ErrorAlert, SuccessAlert } from '../../../components/feedback/error-alert';
import { type Refusal, refusalOf } from '../../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../../lib/i18n';
import { revalidateOperations } from '../../../lib/swr-helpers';
import {
  DATAFILE_QUERIES,
  type DatafileRow,
  type Person,
  useAddContributorToDatafile,
  useGetAllDatafileContributors,
  useGetAvailableUsersAsContributor,
  useRemoveContributorFromDatafile,
} from '../api/datafiles-documents';
import { PersonLabel } from './person';

/**
 * Who a datafile is shared with, and sharing it with more users of the organisation or removing
 * one. Each change is its own call (the server checks who may share and with whom) and the dialog
 * stays open so several can be made; the list behind it reloads after each.
 */
export function ShareDialog({ row, onClose }: { row: DatafileRow; onClose: () => void }) {
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const { mutate } = useSWRConfig();
  const contributors = useGetAllDatafileContributors(row.id);
  const available = useGetAvailableUsersAsContributor(row.id);
  const add = useAddContributorToDatafile();
  const remove = useRemoveContributorFromDatafile();
  const [chosen, setChosen] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  async function run(call: () => Promise<unknown>, message: string) {
    setRefusal(null);
    setSuccess(null);
    try {
      await call();
    } catch (error) {
      setRefusal(refusalOf(error));
      return;
    }
    setSuccess(message);
    await revalidateOperations(mutate, ...DATAFILE_QUERIES);
  }

  const current = contributors.data?.getAllDatafileContributors ?? [];
  const candidates = available.data?.getAvailableUsersAsContributorForDatafile ?? [];
  const nameOf = (p: Person) => `${p.name.first} ${p.name.last}`;
  return (
    <Dialog.Root
      open
      onOpenChange={(d) => {
        if (!d.open) onClose();
      }}
      placement="center"
      size="md"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="dialog-share">
            <Dialog.Header>
              <Dialog.Title>{t('datafiles.share.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted">{t('datafiles.share.body', { title: row.title })}</Text>
                <ErrorAlert message={refusal ? translateRefusal(refusal) : null} onDismiss={() => setRefusal(null)} />
                <SuccessAlert message={success} />
                <Box>
                  <Text fontWeight="semibold" mb="2">
                    {t('datafiles.share.current')}
                  </Text>
                  {!contributors.data ? (
                    <Spinner size="sm" />
                  ) : current.length === 0 ? (
                    <Text color="fg.muted" fontSize="sm">
                      {t('datafiles.share.nobody')}
                    </Text>
                  ) : (
                    <Stack gap="2" data-testid="share-current">
                      {current.map((p) => (
                        <HStack key={p.id} justify="space-between" data-testid="share-contributor" data-id={p.id}>
                          <PersonLabel person={p} withEmail />
                          <IconButton
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            aria-label={t('datafiles.share.remove', { name: nameOf(p) })}
                            data-testid="share-remove"
                            onClick={() =>
                              void run(
                                () => remove.trigger({ datafileId: row.id, contributorId: p.id }),
                                t('datafiles.share.removed', { name: nameOf(p) }),
                              )
                            }
                          >
                            ✕
                          </IconButton>
                        </HStack>
                      ))}
                    </Stack>
                  )}
                </Box>
                <Box>
                  <Text fontWeight="semibold" mb="2">
                    {t('datafiles.share.add')}
                  </Text>
                  {!available.data ? (
                    <Spinner size="sm" />
                  ) : candidates.length === 0 ? (
                    <Text color="fg.muted" fontSize="sm">
                      {t('datafiles.share.noneAvailable')}
                    </Text>
                  ) : (
                    <Stack gap="2" maxH="60" overflowY="auto" data-testid="share-candidates">
                      {candidates.map((p) => (
                        <Checkbox.Root
                          key={p.id}
                          checked={chosen.includes(p.id)}
                          data-testid="share-candidate"
                          data-id={p.id}
                          onCheckedChange={(d) =>
                            setChosen((c) => (d.checked === true ? [...c, p.id] : c.filter((id) => id !== p.id)))
                          }
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>
                            <PersonLabel person={p} withEmail />
                          </Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </Stack>
                  )}
                </Box>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.close')}
              </Button>
              <Button
                colorPalette="brand"
                disabled={chosen.length === 0}
                loading={add.isMutating}
                data-testid="share-submit"
                onClick={() =>
                  void run(
                    async () => {
                      await add.trigger({ datafileId: row.id, inviteeIds: chosen });
                      setChosen([]);
                    },
                    t('datafiles.share.added', { count: chosen.length }),
                  )
                }
              >
                {t('datafiles.share.addButton')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
