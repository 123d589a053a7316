import { describe, expect, it } from 'vitest';
import type { DatafileRow } from '../../../web/features/datafiles/api/datafiles-documents';
import { uploadTarget } from '../../../web/features/datafiles/components/action-dialogs';
import { actionsFor } from '../../../web/features/datafiles/components/row-actions';

const person = {
  id: 'u1',
  name: { first: 'Erik', last: 'Employee' },
  image: null,
  email: 'e@example.com',
  accessLevel: 'EMPLOYEE' as const,
};
const row = (fields: Partial<DatafileRow>): DatafileRow => ({
  id: 'd1',
  title: 'File',
  importType: 'MANUAL',
  status: 'READY',
  progress: 100,
  isUpdating: false,
  numberOfRecords: 10,
  numberOfCleanedRecords: 0,
  isCleaned: false,
  meanCombinedScore: 80,
  certificateLevel: null,
  createdDate: '2026-11-21T09:00:00.000Z',
  canManage: true,
  owner: person,
  contributors: [],
  company: { id: 'c1', name: 'Co', image: null },
  ...fields,
});

// The menu offers what the server allows (the server refuses the rest with a reason anyway).
describe('the actions a datafiles row offers', () => {
  it('a processed manual file: open, upload again, rename, share, change owner, delete; reset only when cleaned', () => {
    expect(actionsFor(row({}))).toEqual(['open', 'reupload', 'rename', 'share', 'changeOwner', 'delete']);
    expect(actionsFor(row({ isCleaned: true }))).toContain('reset');
  });

  it('live imports stop when running and reopen when stopped, and are not uploaded again', () => {
    expect(actionsFor(row({ importType: 'LIVE' }))).toEqual([
      'open',
      'rename',
      'share',
      'changeOwner',
      'stop',
      'delete',
    ]);
    expect(actionsFor(row({ importType: 'LIVE', status: 'STOPPED' }))).toEqual([
      'open',
      'rename',
      'share',
      'changeOwner',
      'reopen',
      'delete',
    ]);
  });

  it('drafts continue, failed uploads are fixed, processing files are only renamed, a re-upload in progress is not started twice', () => {
    expect(actionsFor(row({ status: 'DRAFT' }))).toEqual(['continueDraft', 'rename', 'changeOwner', 'delete']);
    expect(actionsFor(row({ status: 'ERROR' }))).toEqual(['fixUpload', 'rename', 'changeOwner', 'delete']);
    expect(actionsFor(row({ status: 'PROCESSING' }))).toEqual(['rename']);
    expect(actionsFor(row({ isUpdating: true }))).not.toContain('reupload');
  });

  it('a contributor only opens the results', () => {
    expect(actionsFor(row({ canManage: false }))).toEqual(['open']);
    expect(actionsFor(row({ canManage: false, status: 'DRAFT' }))).toEqual([]);
  });

  it('leads into the upload steps where each case continues', () => {
    expect(uploadTarget('reupload', row({}))).toBe('/upload-dataset/step1?reuploadOf=d1');
    expect(uploadTarget('continueDraft', row({}))).toBe('/upload-dataset/step2?datafileId=d1');
    expect(uploadTarget('fixUpload', row({}))).toBe('/upload-dataset/step1?datafileId=d1');
  });
});
