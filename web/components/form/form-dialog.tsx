import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import { Formik, type FormikProps, type FormikValues } from 'formik';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { type Refusal, refusalOf } from '../../lib/graphql-client';
import { useT, useTranslateRefusal } from '../../lib/i18n';
import { type QueryName, revalidateOperations } from '../../lib/swr-helpers';
import { ErrorAlert, SuccessAlert } from '../feedback/error-alert';
import { useCloseAfterSuccess } from '../feedback/success-close';

export type FormDialogState = { succeeded: boolean };

export type FormDialogProps<Values extends FormikValues> = {
  /** Controlled; the form (and its values) is created anew each time the dialog opens. */
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  testId: string;
  size?: 'sm' | 'md' | 'lg';
  scrollInside?: boolean;
  /** Wizards keep their progress when the backdrop is clicked. */
  closeOnInteractOutside?: boolean;
  initialValues: Values;
  validationSchema?: unknown;
  /** Shown above the fields while a submitted form is invalid: the form's validation error text. */
  validationError?: string;
  /** The server call(s). A throw shows the refusal's message; resolving shows `successMessage`. */
  onSubmit: (values: Values) => Promise<unknown>;
  successMessage: string | ((values: Values) => string);
  /** The queries whose answers the call changes; revalidated as soon as it succeeds. */
  revalidates?: readonly QueryName[];
  /** Called once the call succeeded, before the 2-second close. */
  onSucceeded?: (values: Values) => void;
  submitLabel: string;
  submitTestId?: string;
  /** Buttons before Cancel, e.g. a Delete. */
  footerStart?: ReactNode;
  /** Replaces Cancel and the submit button (the wizard's Previous, Next, Finish). */
  footer?: (form: FormikProps<Values>, state: FormDialogState) => ReactNode;
  /** Above the alerts, e.g. the wizard's steps. */
  header?: (form: FormikProps<Values>, state: FormDialogState) => ReactNode;
  /** The fields; hidden after success when `hideFieldsOnSuccess` (the wizard shows only its message). */
  children: (form: FormikProps<Values>, state: FormDialogState) => ReactNode;
  hideFieldsOnSuccess?: boolean;
};

/**
 * The one skeleton of the app's form modals: a Chakra dialog around a Formik form, the refusal's
 * message in a dismissible red alert (the shared lookup: reason, else code, else general), the
 * success message for 2 seconds and then the close, the lists the call
 * changes revalidated, and a Cancel / submit footer.
 */
export function FormDialog<Values extends FormikValues>(props: FormDialogProps<Values>) {
  const {
    open,
    onClose,
    title,
    testId,
    size = 'md',
    scrollInside,
    closeOnInteractOutside,
    initialValues,
    validationSchema,
    validationError,
  } = props;
  const t = useT();
  const translateRefusal = useTranslateRefusal();
  const { mutate } = useSWRConfig();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [succeededWith, setSucceededWith] = useState<{ values: Values } | null>(null);
  const alerts = useRef<HTMLDivElement>(null);
  const succeeded = succeededWith !== null;

  useEffect(() => {
    if (open) return;
    setRefusal(null);
    setSucceededWith(null);
  }, [open]);
  useCloseAfterSuccess(succeeded, onClose);
  // A long form scrolls inside the dialog: bring the answer into view where the user looks for it.
  useEffect(() => {
    if (refusal || succeeded) alerts.current?.scrollIntoView?.({ block: 'nearest' });
  }, [refusal, succeeded]);

  async function submit(values: Values) {
    setRefusal(null);
    try {
      await props.onSubmit(values);
    } catch (error) {
      setRefusal(refusalOf(error));
      return;
    }
    setSucceededWith({ values });
    props.onSucceeded?.(values);
    if (props.revalidates?.length) void revalidateOperations(mutate, ...props.revalidates);
  }

  const showValidationError = (form: FormikProps<Values>) =>
    Boolean(validationError) && form.submitCount > 0 && !form.isValid;
  const successText = succeededWith
    ? typeof props.successMessage === 'function'
      ? props.successMessage(succeededWith.values)
      : props.successMessage
    : null;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size={size}
      scrollBehavior={scrollInside ? 'inside' : undefined}
      closeOnInteractOutside={closeOnInteractOutside}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            {open && (
              <Formik<Values> initialValues={initialValues} validationSchema={validationSchema} onSubmit={submit}>
                {(form) => {
                  const state = { succeeded };
                  return (
                    <form onSubmit={form.handleSubmit} noValidate style={{ display: 'contents' }}>
                      <Dialog.Header>
                        <Dialog.Title>{title}</Dialog.Title>
                      </Dialog.Header>
                      <Dialog.Body overflow={scrollInside ? undefined : 'visible'}>
                        <Stack gap="4">
                          {props.header?.(form, state)}
                          {(showValidationError(form) || refusal || successText) && (
                            <Stack ref={alerts} gap="3">
                              {showValidationError(form) && <ErrorAlert message={validationError ?? null} />}
                              <ErrorAlert
                                message={refusal ? translateRefusal(refusal) : null}
                                onDismiss={() => setRefusal(null)}
                              />
                              <SuccessAlert message={successText} />
                            </Stack>
                          )}
                          {!(succeeded && props.hideFieldsOnSuccess) && props.children(form, state)}
                        </Stack>
                      </Dialog.Body>
                      <Dialog.Footer>
                        {props.footer ? (
                          props.footer(form, state)
                        ) : (
                          <>
                            {props.footerStart}
                            <Button variant="outline" onClick={onClose}>
                              {succeeded ? t('common.close') : t('common.cancel')}
                            </Button>
                            <Button
                              type="submit"
                              colorPalette="brand"
                              loading={form.isSubmitting}
                              disabled={succeeded}
                              data-testid={props.submitTestId}
                            >
                              {props.submitLabel}
                            </Button>
                          </>
                        )}
                      </Dialog.Footer>
                    </form>
                  );
                }}
              </Formik>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
