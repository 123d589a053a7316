import { requireViewer } from '../../graphql/access';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import {
  changeDatafileOwnership,
  deleteDatafile,
  editDatafileTitle,
  resetDatafileCleaning,
  setLiveDatafileRunning,
} from './datafile-actions.service';
import {
  addContributorsToDatafile,
  availableContributors,
  datafileContributors,
  removeContributorFromDatafile,
} from './datafile-sharing.service';
import { presentListEntry, presentPerson } from './datafiles.presenter';
import { datafilesForViewer } from './datafiles.service';

export const datafilesResolvers: ModuleResolvers = {
  Query: {
    getDatafilesForLoggedInUser: async (_, args, ctx) => {
      const page = await datafilesForViewer(ctx.deps, await requireViewer(ctx), args.filters, args.paginationInfo);
      return { ...page, datafiles: page.datafiles.map(presentListEntry) };
    },
    getAllDatafileContributors: async (_, args, ctx) =>
      (await datafileContributors(ctx.deps, await requireViewer(ctx), args.datafileId)).map(presentPerson),
    getAvailableUsersAsContributorForDatafile: async (_, args, ctx) =>
      (await availableContributors(ctx.deps, await requireViewer(ctx), args.datafileId)).map(presentPerson),
  },
  Mutation: {
    editDatafileTitle: async (_, args, ctx) =>
      editDatafileTitle(ctx.deps, await requireViewer(ctx), args.datafileId, args.datafileTitle),
    stopLiveDatafile: async (_, args, ctx) =>
      setLiveDatafileRunning(ctx.deps, await requireViewer(ctx), args.datafileId, false),
    reOpenLiveDatafile: async (_, args, ctx) =>
      setLiveDatafileRunning(ctx.deps, await requireViewer(ctx), args.datafileId, true),
    changeDatafileOwnership: async (_, args, ctx) => changeDatafileOwnership(ctx.deps, await requireViewer(ctx), args),
    deleteDatafile: async (_, args, ctx) => deleteDatafile(ctx.deps, await requireViewer(ctx), args.datafileId),
    resetDatafileCleaning: async (_, args, ctx) =>
      resetDatafileCleaning(ctx.deps, await requireViewer(ctx), args.datafileId),
    addContributorToDatafile: async (_, args, ctx) =>
      addContributorsToDatafile(ctx.deps, await requireViewer(ctx), args.datafileId, args.inviteeIds),
    removeContributorFromDatafile: async (_, args, ctx) =>
      removeContributorFromDatafile(ctx.deps, await requireViewer(ctx), args.datafileId, args.contributorId),
  },
};
