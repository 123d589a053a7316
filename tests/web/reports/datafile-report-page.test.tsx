import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Handlers,
  loadPageBeforeAll,
  operationsCalled,
  renderAppAt,
  resetAppState,
  shellHandlers,
  startSession,
  stubGraphQL,
} from '../../support/web/render-app';
import { stubCanvas } from '../../support/web/canvas';

// /datafile-report in happy-dom against a faked API: the settings form refuses protection without a
// password before asking the server, and a stranger's wrong password keeps
// the gate with the catalogue message. The server's rules are tested in tests/api/reports/.

const ID = '00000000-0000-4000-8000-0000000d0f03';
const settings = {
  datafileId: ID,
  clientName: null,
  clientLogo: null,
  showScoreDetails: true,
  shortFormat: false,
  passwordProtected: false,
  hasPassword: false,
  isPublished: false,
  link: `http://localhost/datafile-report?datafileId=${ID}`,
};

beforeEach(() => {
  resetAppState();
  stubCanvas();
});

loadPageBeforeAll('datafileReport');

describe('/datafile-report', () => {
  it('asks for a password in the form when protection is switched on, without calling the server', async () => {
    // A logged-in editor gets the report inside the app shell, which loads the user first.
    const handlers: Handlers = shellHandlers('ADMIN', {
      getDatafileReport: () => ({
        data: { getDatafileReport: { access: 'NOT_CLEANED', canEdit: true, settings, report: null } },
      }),
      updateDatafileReportSettings: () => ({
        data: { updateDatafileReportSettings: { datafileId: ID, isPublished: true, hasPassword: true } },
      }),
    });
    const fetchMock = stubGraphQL(handlers);
    startSession();
    renderAppAt(`/datafile-report?datafileId=${ID}`);
    const panel = await screen.findByTestId('report-settings');
    expect(await screen.findByTestId('report-not-cleaned')).toBeTruthy();
    fireEvent.click(within(panel).getByText('Passwortschutz'));
    await within(panel).findByText('Passwort');
    fireEvent.click(within(panel).getByTestId('report-settings-save'));
    expect(await within(panel).findByText('Geben Sie ein Passwort mit mindestens 8 Zeichen ein.')).toBeTruthy();
    expect(operationsCalled(fetchMock).filter((c) => c.operationName === 'updateDatafileReportSettings')).toEqual([]);
  });

  it('keeps a stranger at the gate with "the report password is incorrect"', async () => {
    const fetchMock = stubGraphQL({
      getDatafileReport: ({ password }) =>
        password
          ? {
              errors: [
                { message: 'Das Passwort des Berichts ist falsch.', extensions: { code: 'REPORT_PASSWORD_INCORRECT' } },
              ],
            }
          : {
              data: {
                getDatafileReport: { access: 'PASSWORD_REQUIRED', canEdit: false, settings: null, report: null },
              },
            },
    });
    renderAppAt(`/datafile-report?datafileId=${ID}`);
    await screen.findByTestId('report-password');
    fireEvent.change(screen.getByTestId('report-password-input'), { target: { value: 'geraten-123' } });
    fireEvent.click(screen.getByTestId('report-password-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('error-alert').textContent).toContain('Das Passwort des Berichts ist falsch.'),
    );
    expect(screen.getByTestId('report-password')).toBeTruthy();
    expect(operationsCalled(fetchMock).map((c) => c.variables.password)).toContain('geraten-123');
  });
});
