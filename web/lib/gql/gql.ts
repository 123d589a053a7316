/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation changePassword($oldPassword: String!, $newPassword: String!) {\n    changePassword(oldPassword: $oldPassword, newPassword: $newPassword) {\n      status\n      message\n    }\n  }\n": typeof types.ChangePasswordDocument,
    "\n  query getPasswordEncryptionKey {\n    getPasswordEncryptionKey\n  }\n": typeof types.GetPasswordEncryptionKeyDocument,
    "\n  mutation login($email: String!, $password: String!, $companyId: ID) {\n    login(email: $email, password: $password, companyId: $companyId) {\n      accessToken\n      accessLevel\n      expiresIn\n    }\n  }\n": typeof types.LoginDocument,
    "\n  mutation logout {\n    logout {\n      status\n      message\n    }\n  }\n": typeof types.LogoutDocument,
    "\n  mutation registerCompany($input: RegisterCompanyInput!) {\n    registerCompany(input: $input) {\n      status\n      message\n    }\n  }\n": typeof types.RegisterCompanyDocument,
    "\n  mutation resetPassword($newPassword: String!, $passwordResetToken: String!) {\n    resetPassword(newPassword: $newPassword, passwordResetToken: $passwordResetToken) {\n      status\n      message\n    }\n  }\n": typeof types.ResetPasswordDocument,
    "\n  mutation sendPasswordResetEmail($email: String!) {\n    sendPasswordResetEmail(email: $email) {\n      status\n      message\n    }\n  }\n": typeof types.SendPasswordResetEmailDocument,
    "\n  mutation updateUserOnActivation($input: UserActivationInput!) {\n    updateUserOnActivation(input: $input) {\n      status\n      message\n    }\n  }\n": typeof types.UpdateUserOnActivationDocument,
    "\n  query verifyCertificate($certificateCode: String!) {\n    verifyCertificate(certificateCode: $certificateCode) {\n      certificateCode\n      statement\n      signature\n      signatureValid\n      keyId\n      publicKey\n      signedWithCurrentKey\n      issuedAt\n      datafileId\n      datafileTitle\n      companyName\n      revision\n      scoringVersion\n      certificateLevel\n      recordsBefore\n      recordsAfter\n      recordsRemoved\n      keptRecordIdsDigest\n      cleaningRules\n    }\n  }\n": typeof types.VerifyCertificateDocument,
    "\n  mutation deleteCompany($companyId: ID!) {\n    deleteCompany(companyId: $companyId) {\n      status\n      message\n    }\n  }\n": typeof types.DeleteCompanyDocument,
    "\n  query getActiveCompanyAdminUsers($companyId: ID!) {\n    getActiveCompanyAdminUsers(companyId: $companyId) { id name { first last } email image accessLevel status isOwner numberOfImports }\n  }\n": typeof types.GetActiveCompanyAdminUsersDocument,
    "\n  query getAllActiveCompanies($search: String, $sortBy: CompanySortField, $sortDirection: SortDirection, $page: PageInput) {\n    getAllActiveCompanies(search: $search, sortBy: $sortBy, sortDirection: $sortDirection, page: $page) {\n      companies {\n        id\n        name\n        image\n        isActivated\n        createdDate\n        supportLevel\n        contract { id type startDate endDate remainingDays status }\n        activeCreditOverview { totalActiveBalance totalActiveReceived totalReceivedFromPayAsUsage }\n        latestDataImport { daysAgo }\n      }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n": typeof types.GetAllActiveCompaniesDocument,
    "\n  query getAllNewCompanies($search: String, $sortBy: CompanySortField, $sortDirection: SortDirection, $page: PageInput) {\n    getAllNewCompanies(search: $search, sortBy: $sortBy, sortDirection: $sortDirection, page: $page) {\n      companies {\n        id\n        name\n        image\n        isActivated\n        createdDate\n        companyOwner { id name { first last } email image }\n      }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n": typeof types.GetAllNewCompaniesDocument,
    "\n  query getCompaniesSummary {\n    getCompaniesSummary { numberOfActiveCompanies numberOfNewCompanies }\n  }\n": typeof types.GetCompaniesSummaryDocument,
    "\n  query getCompanyAvatarUploadURL($imageKey: String!, $companyId: ID!) {\n    getCompanyAvatarUploadURL(imageKey: $imageKey, companyId: $companyId) { signedUrl imageUrl expiresAt }\n  }\n": typeof types.GetCompanyAvatarUploadUrlDocument,
    "\n  query getCompanyStats($companyId: ID!) {\n    getCompanyStats(companyId: $companyId) { numberOfDataImports numberOfDataRecords numberOfUsers }\n  }\n": typeof types.GetCompanyStatsDocument,
    "\n  query getCompany($companyId: ID!) {\n    getCompany(companyId: $companyId) {\n      id\n      name\n      legalName\n      VATNumber\n      image\n      accountManager\n      supportLevel\n      comment\n      isActivated\n      address { street city postalCode country }\n      companyOwner { id name { first last } }\n      contract { id status endDate remainingDays }\n    }\n  }\n": typeof types.GetCompanyDocument,
    "\n  mutation updateCompany($companyToUpdate: UpdateCompanyInput!) {\n    updateCompany(companyToUpdate: $companyToUpdate) {\n      status\n      message\n    }\n  }\n": typeof types.UpdateCompanyDocument,
    "\n  mutation activateOrganization($input: ActivateOrganizationInput!) {\n    activateOrganization(input: $input) {\n      status\n      message\n    }\n  }\n": typeof types.ActivateOrganizationDocument,
    "\n  mutation assignNewContractToCompany($input: AssignContractInput!) {\n    assignNewContractToCompany(input: $input) {\n      status\n      message\n    }\n  }\n": typeof types.AssignNewContractToCompanyDocument,
    "\n  mutation assignUpcomingContractToCompany($input: AssignContractInput!) {\n    assignUpcomingContractToCompany(input: $input) {\n      status\n      message\n    }\n  }\n": typeof types.AssignUpcomingContractToCompanyDocument,
    "\n  mutation deleteContract($contractId: ID!) {\n    deleteContract(contractId: $contractId) {\n      status\n      message\n    }\n  }\n": typeof types.DeleteContractDocument,
    "\n  mutation editContract($contractToEdit: EditContractInput!) {\n    editContract(contractToEdit: $contractToEdit) {\n      status\n      message\n    }\n  }\n": typeof types.EditContractDocument,
    "\n  query getAllPackages {\n    getAllPackages { id name numberOfCredits pricePerCredit packageType }\n  }\n": typeof types.GetAllPackagesDocument,
    "\n  query getCompanyContracts($companyId: ID!) {\n    getCompanyContracts(companyId: $companyId) {\n      id\n      name\n      type\n      status\n      startDate\n      endDate\n      autoRenew\n      durationInDays\n      remainingDays\n      numberOfDatafiles\n      numberOfDataRecords\n      createdAt\n      createdBy { id name }\n      primaryCreditPlan { id name type category status isPayPerUsage isNextAvailable pricePerCredit credits { balance received } }\n      backupCreditPlan { id name type category status isPayPerUsage isNextAvailable pricePerCredit credits { balance received } }\n    }\n  }\n": typeof types.GetCompanyContractsDocument,
    "\n  query isCompnayHavingUpcomingContract($companyId: ID!) {\n    isCompnayHavingUpcomingContract(companyId: $companyId)\n  }\n": typeof types.IsCompnayHavingUpcomingContractDocument,
    "\n  query getCompanyCreditPlansByType($companyId: ID!, $type: CreditPlanRole!) {\n    getCompanyCreditPlansByType(companyId: $companyId, type: $type) {\n      id\n      name\n      createdAt\n      type\n      planType\n      category\n      status\n      credits { balance received }\n      isPayPerUsage\n      pricePerCredit\n      startDate\n      expirationDate\n      invoice { number url }\n      isNextAvailable\n    }\n  }\n": typeof types.GetCompanyCreditPlansByTypeDocument,
    "\n  query getCompanyCreditSummary($companyId: ID!) {\n    getCompanyCreditSummary(companyId: $companyId) {\n      activeCreditPlanBalance\n      activeCreditPlanReceived\n      activePayAsUsageCreditPlanReceived\n      pricePerCreditForPayAsUsage\n      totalReceived\n      totalBalance\n      totalUsed\n      totalRefunded\n      totalExpired\n    }\n  }\n": typeof types.GetCompanyCreditSummaryDocument,
    "\n  query getCompanyTransactionsGroupedByDatafile($companyId: ID!, $search: String, $types: [TransactionType!], $page: PageInput) {\n    getCompanyTransactionsGroupedByDatafile(companyId: $companyId, search: $search, types: $types, page: $page) {\n      transactions {\n        transactionId\n        datafileId\n        description\n        numberOfRecords\n        datafileDeleted\n        createdDate\n        latestTransactionDate\n        creditPlanDetails { id name type }\n        type\n        amount\n        numberOfUpdates\n      }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n": typeof types.GetCompanyTransactionsGroupedByDatafileDocument,
    "\n  query getMyDatafilesSummaryForDashboard {\n    getMyDatafilesSummaryForDashboard {\n      numberOfDatafiles\n      numberOfQualityScores\n      numberOfDataRecords\n      combinedScore {\n        numberOfScoredRecords\n        average\n        trafficLight\n        bands {\n          from\n          to\n          count\n        }\n      }\n      scoreKinds {\n        kind\n        numberOfScoredRecords\n        average\n        trafficLight\n      }\n      latestDatafiles {\n        id\n        title\n        createdAt\n        numberOfRecords\n        averageCombinedScore\n        trafficLight\n      }\n    }\n  }\n": typeof types.GetMyDatafilesSummaryForDashboardDocument,
    "\n  query getDatafilesForLoggedInUser($filters: DatafileListFilters, $paginationInfo: PageInput) {\n    getDatafilesForLoggedInUser(filters: $filters, paginationInfo: $paginationInfo) {\n      currentPage previousPage nextPage totalNumberOfDatafiles\n      datafiles {\n        id title importType status progress isUpdating numberOfRecords numberOfCleanedRecords isCleaned\n        meanCombinedScore certificateLevel createdDate canManage\n        owner { id name { first last } image email accessLevel }\n        contributors { id name { first last } image email accessLevel }\n        company { id name image }\n      }\n    }\n  }\n": typeof types.GetDatafilesForLoggedInUserDocument,
    "\n  query getDatafileListRowProgress($datafileId: ID!) {\n    getDatafileUploadingProgress(datafileId: $datafileId) { datafileId status upload { kind status progress } }\n  }\n": typeof types.GetDatafileListRowProgressDocument,
    "\n  query getAllDatafileContributors($datafileId: ID!) {\n    getAllDatafileContributors(datafileId: $datafileId) { id name { first last } image email accessLevel }\n  }\n": typeof types.GetAllDatafileContributorsDocument,
    "\n  query getAvailableUsersAsContributorForDatafile($datafileId: ID!) {\n    getAvailableUsersAsContributorForDatafile(datafileId: $datafileId) { id name { first last } image email accessLevel }\n  }\n": typeof types.GetAvailableUsersAsContributorForDatafileDocument,
    "\n  query getDatafileListOrganizations {\n    getCompanies(sortBy: NAME, sortDirection: ASC, page: { page: 1, limit: 100 }) { companies { id name } }\n  }\n": typeof types.GetDatafileListOrganizationsDocument,
    "mutation editDatafileTitle($datafileId: ID!, $datafileTitle: String!) { editDatafileTitle(datafileId: $datafileId, datafileTitle: $datafileTitle) { status } }": typeof types.EditDatafileTitleDocument,
    "mutation stopLiveDatafile($datafileId: ID!) { stopLiveDatafile(datafileId: $datafileId) { status } }": typeof types.StopLiveDatafileDocument,
    "mutation reOpenLiveDatafile($datafileId: ID!) { reOpenLiveDatafile(datafileId: $datafileId) { status } }": typeof types.ReOpenLiveDatafileDocument,
    "mutation deleteDatafile($datafileId: ID!) { deleteDatafile(datafileId: $datafileId) { status } }": typeof types.DeleteDatafileDocument,
    "mutation resetDatafileCleaning($datafileId: ID!) { resetDatafileCleaning(datafileId: $datafileId) { status } }": typeof types.ResetDatafileCleaningDocument,
    "\n  mutation changeDatafileOwnership($datafileId: ID!, $companyId: ID!, $userId: ID!, $changeWalletAndTransactions: Boolean!) {\n    changeDatafileOwnership(datafileId: $datafileId, companyId: $companyId, userId: $userId, changeWalletAndTransactions: $changeWalletAndTransactions) { status }\n  }\n": typeof types.ChangeDatafileOwnershipDocument,
    "mutation addContributorToDatafile($datafileId: ID!, $inviteeIds: [ID!]!) { addContributorToDatafile(datafileId: $datafileId, inviteeIds: $inviteeIds) { status } }": typeof types.AddContributorToDatafileDocument,
    "mutation removeContributorFromDatafile($datafileId: ID!, $contributorId: ID!) { removeContributorFromDatafile(datafileId: $datafileId, contributorId: $contributorId) { status } }": typeof types.RemoveContributorFromDatafileDocument,
    "\n  mutation requestDatafileExport($input: ExportRequestInput!) {\n    requestDatafileExport(input: $input) {\n      jobId\n      state\n      progress\n    }\n  }\n": typeof types.RequestDatafileExportDocument,
    "\n  query getExportJob($jobId: ID!) {\n    getExportJob(jobId: $jobId) {\n      jobId\n      format\n      state\n      progress\n      downloadUrl\n      fileName\n      size\n      includedRecords\n      removedRecords\n      error {\n        code\n        message\n      }\n    }\n  }\n": typeof types.GetExportJobDocument,
    "\n  query exportSampleSources($datafileId: ID!) {\n    datafileDuplicates(datafileId: $datafileId) {\n      sources {\n        source\n      }\n    }\n  }\n": typeof types.ExportSampleSourcesDocument,
    "\n  query getLiveDatafileIntegration($datafileId: ID!) {\n    getLiveDatafileIntegration(datafileId: $datafileId) {\n      datafileId name surveySoftware status secretKey serverKey endpoint numberOfRespondents cost\n      pages { label start criterion questionTitle languages items min max }\n      limits { expectedRespondents maxRespondents maxCredits respondents credits perAddressPerHour perDevice allowedOrigins }\n    }\n  }\n": typeof types.GetLiveDatafileIntegrationDocument,
    "\n  mutation createLiveDatafile($input: LiveDatafileInput!) {\n    createLiveDatafile(input: $input) { status datafileId }\n  }\n": typeof types.CreateLiveDatafileDocument,
    "\n  mutation regenerateLiveDatafileSecret($datafileId: ID!) {\n    regenerateLiveDatafileSecret(datafileId: $datafileId)\n  }\n": typeof types.RegenerateLiveDatafileSecretDocument,
    "\n  mutation regenerateLiveDatafileServerKey($datafileId: ID!) {\n    regenerateLiveDatafileServerKey(datafileId: $datafileId)\n  }\n": typeof types.RegenerateLiveDatafileServerKeyDocument,
    "\n  mutation updateLiveDatafileLimits($datafileId: ID!, $limits: LiveLimitsInput!) {\n    updateLiveDatafileLimits(datafileId: $datafileId, limits: $limits) { maxRespondents }\n  }\n": typeof types.UpdateLiveDatafileLimitsDocument,
    "\n  mutation openLiveDatafile($datafileId: ID!) {\n    openLiveDatafile(datafileId: $datafileId)\n  }\n": typeof types.OpenLiveDatafileDocument,
    "\n  query liveNipoIntegration {\n    me { user { id userPreferences { id nipoIntegration { username region domain password } } } }\n  }\n": typeof types.LiveNipoIntegrationDocument,
    "\n  mutation updateUserPreferenceForNipoIntegration($preferences: NipoIntegrationInput!) {\n    updateUserPreferenceForNipoIntegration(preferences: $preferences) { status }\n  }\n": typeof types.UpdateUserPreferenceForNipoIntegrationDocument,
    "\n  mutation cancelJob($jobId: ID!) {\n    cancelJob(jobId: $jobId) { status message }\n  }\n": typeof types.CancelJobDocument,
    "\n  query getJobQueueSummary {\n    getJobQueueSummary {\n      measuredAt\n      kinds { kind waiting running failed succeededLastDay failedLastDay cancelledLastDay processingP50Ms processingP95Ms waitingP50Ms waitingP95Ms }\n    }\n  }\n": typeof types.GetJobQueueSummaryDocument,
    "\n  query getJobs($filters: JobFilters, $paginationInfo: PageInput) {\n    getJobs(filters: $filters, paginationInfo: $paginationInfo) {\n      jobs { id kind state attempts maxAttempts progress errorCode errorDetail payload createdAt startedAt finishedAt runAfter cancelRequestedAt isStalled }\n      pageInfo { page limit total }\n    }\n  }\n": typeof types.GetJobsDocument,
    "\n  query getLiveEndpointTraffic($minutes: Int) {\n    getLiveEndpointTraffic(minutes: $minutes) {\n      from\n      to\n      minutes { minute requests refusals }\n      endpoints { endpoint requests refusals lastCallAt }\n      refusalReasons { reason refusals lastRefusalAt }\n      recentRefusals { at endpoint reason datafileId keyKind source origin }\n    }\n  }\n": typeof types.GetLiveEndpointTrafficDocument,
    "\n  query getOutboxSummary {\n    getOutboxSummary { pending failed sentLastDay oldestPendingAt smtpConfigured }\n  }\n": typeof types.GetOutboxSummaryDocument,
    "\n  query getOutboxMails($status: MailStatus, $paginationInfo: PageInput) {\n    getOutboxMails(status: $status, paginationInfo: $paginationInfo) {\n      mails { id to subject template locale status attempts lastError createdAt sentAt }\n      pageInfo { page limit total }\n    }\n  }\n": typeof types.GetOutboxMailsDocument,
    "\n  query getSystemSize {\n    getSystemSize {\n      database { kind pageCount pageSize bytes freeBytes walBytes }\n      storage { kind bytes objects folders { prefix bytes objects } measuredAt }\n    }\n  }\n": typeof types.GetSystemSizeDocument,
    "\n  mutation resendOutboxMail($mailId: ID!) {\n    resendOutboxMail(mailId: $mailId) { status message }\n  }\n": typeof types.ResendOutboxMailDocument,
    "\n  mutation retryJob($jobId: ID!) {\n    retryJob(jobId: $jobId) { status message }\n  }\n": typeof types.RetryJobDocument,
    "\n  query getNotificationsForLoggedinUser {\n    getNotificationsForLoggedinUser {\n      id\n      title\n      description\n      event\n      params\n      url\n      readed\n      createdDate\n      type\n    }\n  }\n": typeof types.GetNotificationsForLoggedinUserDocument,
    "\n  mutation markNotificationAsReaded($notificationId: ID!) {\n    markNotificationAsReaded(notificationId: $notificationId) {\n      status\n      message\n    }\n  }\n": typeof types.MarkNotificationAsReadedDocument,
    "\n  query getDatafileReport($datafileId: ID!, $password: String) {\n    getDatafileReport(datafileId: $datafileId, password: $password) {\n      access\n      canEdit\n      settings {\n        datafileId\n        clientName\n        clientLogo\n        showScoreDetails\n        shortFormat\n        passwordProtected\n        hasPassword\n        isPublished\n        link\n      }\n      report {\n        datafileTitle\n        companyName\n        clientName\n        clientLogo\n        showScoreDetails\n        shortFormat\n        certificateCode\n        certificateLevel\n        certifiedAt\n        revision\n        scoringVersion\n        cleanedAt\n        recordsBefore\n        recordsAfter\n        recordsRemoved\n        targetAverage\n        averages {\n          key\n          before\n          after\n        }\n        sampleScores {\n          key\n          before\n          after\n        }\n        exclusions {\n          quotaCleaning\n          scoreThreshold\n          targetSample\n          manual\n          duplicate\n        }\n        removedByReason {\n          reason\n          group\n          count\n        }\n        bySource {\n          source\n          interviews\n          removed\n          reasons {\n            reason\n            count\n          }\n        }\n        distribution {\n          edges\n          before\n          after\n          unscoredBefore\n          unscoredAfter\n        }\n      }\n    }\n  }\n": typeof types.GetDatafileReportDocument,
    "\n  mutation updateDatafileReportSettings($datafileId: ID!, $settings: DatafileReportSettingsInput!) {\n    updateDatafileReportSettings(datafileId: $datafileId, settings: $settings) {\n      datafileId\n      isPublished\n      hasPassword\n    }\n  }\n": typeof types.UpdateDatafileReportSettingsDocument,
    "\n  query getReportLogoUploadURL($datafileId: ID!, $imageKey: String!) {\n    getReportLogoUploadURL(datafileId: $datafileId, imageKey: $imageKey) {\n      signedUrl\n      imagePath\n    }\n  }\n": typeof types.GetReportLogoUploadUrlDocument,
    "\n  query getDatafileDuplicates($datafileId: ID!) {\n    datafileDuplicates(datafileId: $datafileId) {\n      windowDays velocitySurveys velocityDays interviewsWithIdentity\n      duplicates { recordId kind matchDatafileId matchDatafileTitle matchRecordId matchSeenAt }\n      velocity { recordId kind surveys }\n      sources { source interviews duplicates velocity }\n      removals { source interviews removed reasons { reason count } }\n    }\n  }\n": typeof types.GetDatafileDuplicatesDocument,
    "\n  query getDatafileResult($datafileId: ID!) {\n    getDatafile(datafileId: $datafileId) {\n      id title status importType certificateLevel cost numberOfRecords numberOfCleanedRecords isCleaned meanCombinedScore\n      revision scoringVersion qualityScores scoreColumns rawColumns createdDate\n      weightingMethod { datafileWeighting { key value } }\n      coherence { asked judged failed }\n      owner { id name }\n      uploadedBy { id name date }\n      dataPoints { dataPointIdentifier dataPointType questionTitle columns role unit scaleMin scaleMax }\n    }\n    getDataRecordSummaryForDatafile(datafileId: $datafileId) {\n      totalNumberOfDataRecords numberOfDataRecordsWithValidScore numberOfDataRecordsWithInvalidScore numberOfExcludedDataRecords numberOfIncludedDataRecords\n    }\n  }\n": typeof types.GetDatafileResultDocument,
    "\n  query getClearLocalStorage {\n    getClearLocalStorage {\n      value\n      updatedAt\n    }\n  }\n": typeof types.GetClearLocalStorageDocument,
    "\n  query getStatsOrganizations($search: String, $page: PageInput) {\n    getCompanies(search: $search, sortBy: NAME, page: $page) {\n      companies { id name isActivated }\n      pageInfo { total }\n    }\n  }\n": typeof types.GetStatsOrganizationsDocument,
    "\n  query getUsageStatsByMonth($filters: UsageStatsFilters!, $sortBy: UsageStatsSortField, $sortDirection: SortDirection, $paginationInfo: PageInput) {\n    getUsageStatsByMonth(filters: $filters, sortBy: $sortBy, sortDirection: $sortDirection, paginationInfo: $paginationInfo) {\n      months {\n        month\n        numberOfOrganizations\n        numberOfDatafiles\n        numberOfLiveDatafiles\n        numberOfManualDatafiles\n        numberOfDataRecords\n        numberOfLiveDataRecords\n        numberOfManualDataRecords\n        creditsUsed\n        creditsRefunded\n      }\n      totals {\n        numberOfOrganizations\n        numberOfDatafiles\n        numberOfLiveDatafiles\n        numberOfManualDatafiles\n        numberOfDataRecords\n        numberOfLiveDataRecords\n        numberOfManualDataRecords\n        creditsUsed\n        creditsRefunded\n      }\n      rows {\n        month\n        organization { id name }\n        numberOfDatafiles\n        numberOfLiveDatafiles\n        numberOfManualDatafiles\n        numberOfDataRecords\n        numberOfLiveDataRecords\n        numberOfManualDataRecords\n        creditsUsed\n        creditsRefunded\n      }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n": typeof types.GetUsageStatsByMonthDocument,
    "\n  query getUsageStatsCsv($view: UsageStatsView!, $filters: UsageStatsFilters!, $sortBy: UsageStatsSortField, $sortDirection: SortDirection) {\n    getUsageStatsCsv(view: $view, filters: $filters, sortBy: $sortBy, sortDirection: $sortDirection) {\n      fileName\n      content\n    }\n  }\n": typeof types.GetUsageStatsCsvDocument,
    "\n  mutation changeDatafileUploadingProgressStatus($datafileInputObject: DatafileProgressInput!, $selectedColumns: [SelectedColumnInput!], $creditAmount: Int!, $status: DatafileStatus!) {\n    changeDatafileUploadingProgressStatus(datafileInputObject: $datafileInputObject, selectedColumns: $selectedColumns, creditAmount: $creditAmount, status: $status) { status message }\n  }\n": typeof types.ChangeDatafileUploadingProgressStatusDocument,
    "\n  mutation createDraftDatafile($datafileInput: DatafileInput!) {\n    createDraftDatafile(datafileInput: $datafileInput) { status message datafileId }\n  }\n": typeof types.CreateDraftDatafileDocument,
    "\n  query getDatafileUploadURL($fileName: String!, $companyId: ID!) {\n    getDatafileUploadURL(fileName: $fileName, companyId: $companyId) { signedUrl datafileKey expiresAt maxBytes format }\n  }\n": typeof types.GetDatafileUploadUrlDocument,
    "\n  query getDatafileUploadingProgress($datafileId: ID!) {\n    getDatafileUploadingProgress(datafileId: $datafileId) {\n      datafileId title status\n      upload { kind status progress revision numberOfRecords chargedRecords creditsCharged creditEstimate error { code reason message column rows } }\n      metadata { numberOfRecords numberOfValidRecords numberOfInvalidRecords numberOfDatapoints numberOfQualityScores qualityScores cost revision }\n    }\n  }\n": typeof types.GetDatafileUploadingProgressDocument,
    "\n  query getDraftedDatafile($datafileId: ID!) {\n    getDraftedDatafile(datafileId: $datafileId) {\n      id name createdDate status revision\n      company { id name }\n      owner { id name }\n      datapointsMetadata {\n        dataPointIdentifier dataPointType isRowNumber questionTitle isEnableCopyPasteCheck startingQuestion\n        algorithms { IS PS SDS TS IBS CS OES } pageNumber pageTitle columns role unit dateOrder scaleMin scaleMax\n        isRandomised keywords languages isEnableDuplicateCheck isEnableWrongTopicCheck numberOfOptions\n      }\n      upload {\n        uploadId kind status progress revision datafileKey fileName fileSize format sheetName headerRow dataRecordStartRow lastDataRow missingValues creditEstimate\n        error { code reason message column rows }\n      }\n    }\n  }\n": typeof types.GetDraftedDatafileDocument,
    "\n  query getSheetNames($datafileKey: String!, $companyId: ID!) {\n    getSheetNames(datafileKey: $datafileKey, companyId: $companyId)\n  }\n": typeof types.GetSheetNamesDocument,
    "\n  query getUploadCheck($datafileId: ID!) {\n    getUploadCheck(datafileId: $datafileId) {\n      state progress\n      issues { code reason message column rows columns }\n      estimate { numberOfRecords newRecords creditAmount creditsAllRecords numberOfDatapoints availableCredits hasPayAsUsagePlan isBalanceEnough }\n    }\n  }\n": typeof types.GetUploadCheckDocument,
    "\n  query getUploadPreview($datafileId: ID!) {\n    getUploadPreview(datafileId: $datafileId) {\n      sampledRows\n      source { format sheetName headerRow dataRecordStartRow lastDataRow delimiter encoding isQualtrics }\n      columns { index name label suggestedType basis group withdrawnBecause valueLabels { value label } stats { filled missing numeric integers min max distinct meanTextLength } }\n      rows { number cells missing }\n      rawRows { number cells }\n      layout { headerRow dataRecordStartRow lastDataRow labelRow kind notSurveyData notSurveyDataMessage }\n      readingIssues { code reason message column rows }\n      suggestionIssues { code reason message column rows }\n      gridCandidates { id columns scaleMin scaleMax }\n      missingValueSuggestions { value columns count }\n      suggestedColumns {\n        dataPointIdentifier dataPointType isRowNumber questionTitle isEnableCopyPasteCheck startingQuestion\n        algorithms { IS PS SDS TS IBS CS OES } pageNumber pageTitle columns role unit dateOrder scaleMin scaleMax\n        isRandomised keywords languages isEnableDuplicateCheck isEnableWrongTopicCheck numberOfOptions\n      }\n    }\n  }\n": typeof types.GetUploadPreviewDocument,
    "\n  mutation saveDraftDatafileColumns($datafileId: ID!, $selectedColumns: [SelectedColumnInput!]!) {\n    saveDraftDatafileColumns(datafileId: $datafileId, selectedColumns: $selectedColumns) {\n      state progress\n      issues { code reason message column rows columns }\n      estimate { numberOfRecords newRecords creditAmount creditsAllRecords numberOfDatapoints availableCredits hasPayAsUsagePlan isBalanceEnough }\n    }\n  }\n": typeof types.SaveDraftDatafileColumnsDocument,
    "\n  mutation deleteUser($userId: ID!) {\n    deleteUser(userId: $userId) {\n      status\n      message\n    }\n  }\n": typeof types.DeleteUserDocument,
    "\n  query getCompanyUsers($companyId: ID!) {\n    getCompanyUsers(companyId: $companyId) {\n      id\n      name { first last }\n      email\n      image\n      accessLevel\n      status\n      apiKey { hint createdAt }\n      isOwner\n      numberOfImports\n    }\n  }\n": typeof types.GetCompanyUsersDocument,
    "\n  query getUserAvatarUploadURL($imageKey: String!, $userId: ID!) {\n    getUserAvatarUploadURL(imageKey: $imageKey, userId: $userId) {\n      signedUrl\n      imageUrl\n      expiresAt\n    }\n  }\n": typeof types.GetUserAvatarUploadUrlDocument,
    "\n  mutation inviteUserForSpecificCompany($newUser: NewUserInput!, $companyId: ID!) {\n    inviteUserForSpecificCompany(newUser: $newUser, companyId: $companyId) {\n      status\n      message\n    }\n  }\n": typeof types.InviteUserForSpecificCompanyDocument,
    "\n  query me {\n    me {\n      sessionExpiresAt\n      companyId\n      user {\n        id\n        name { first last }\n        email\n        image\n        accessLevel\n        status\n        apiKey { hint createdAt }\n        isOwner\n        locale\n        watchGetStarted\n        watchNPS\n        company { id name image isActivated }\n      }\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation regenerateMagicKey($userId: ID!) {\n    regenerateMagicKey(userId: $userId) {\n      status\n      message\n    }\n  }\n": typeof types.RegenerateMagicKeyDocument,
    "\n  mutation resendUserInvitation($userId: ID!) {\n    resendUserInvitation(userId: $userId) {\n      status\n      message\n    }\n  }\n": typeof types.ResendUserInvitationDocument,
    "\n  mutation revokeMagicKey($userId: ID!) {\n    revokeMagicKey(userId: $userId) {\n      status\n      message\n    }\n  }\n": typeof types.RevokeMagicKeyDocument,
    "\n  mutation updateGetStarted($userId: ID!) {\n    updateGetStarted(userId: $userId) {\n      status\n      message\n    }\n  }\n": typeof types.UpdateGetStartedDocument,
    "\n  mutation updateMyLocale($locale: Locale!) {\n    updateMyLocale(locale: $locale) {\n      status\n      message\n    }\n  }\n": typeof types.UpdateMyLocaleDocument,
    "\n  mutation updateNPS($userId: ID!, $nextNPSDate: String) {\n    updateNPS(userId: $userId, nextNPSDate: $nextNPSDate) {\n      status\n      message\n    }\n  }\n": typeof types.UpdateNpsDocument,
    "\n  mutation updateUser($userToUpdate: UpdateUserInput!) {\n    updateUser(userToUpdate: $userToUpdate) {\n      status\n      message\n    }\n  }\n": typeof types.UpdateUserDocument,
    "\n  query getCleaningAuditTrail($datafileId: ID!, $page: PageInput) {\n    getCleaningAuditTrail(datafileId: $datafileId, page: $page) {\n      entries { id at action revision recordId reason userName detail }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n": typeof types.GetCleaningAuditTrailDocument,
    "\n  query getDatafileCleaningSettings($datafileId: ID!) {\n    getDatafileCleaningSettings(datafileId: $datafileId) {\n      datafileId title status importType revision scoringVersion numberOfRecords isCleaned numberOfCleanedRecords\n      certificateLevel certificateCode cleaningMethod targetSampleSize qualityScores groupingColumns savedAt savedBy\n      minFailingChecks\n      scoreThresholds { key name isEnable threshold minDataPoints }\n      badAnswers { isEnable min }\n      quotaSetting { column rename show options { value label target } }\n      duplicateRule { isEnable keep windowDays velocitySurveys velocityDays }\n      manualDecisions { recordId decision }\n      weightingMethod { datafileWeighting { key value name } projectiveQuestionsWeighting { dataPointIdentifier algorithms apply } }\n    }\n  }\n": typeof types.GetDatafileCleaningSettingsDocument,
    "\n  mutation updateCleaningSettings($datafileId: ID!, $cleaningSettings: CleaningSettingsInput!) {\n    updateCleaningSettings(datafileId: $datafileId, cleaningSettings: $cleaningSettings) {\n      status message numberOfRecords numberOfCleanedRecords removedByReason certificateLevel certificateCode scoringVersion\n    }\n  }\n": typeof types.UpdateCleaningSettingsDocument,
    "\n  query worksheetDuplicates($datafileId: ID!, $windowDays: Int, $velocitySurveys: Int, $velocityDays: Int) {\n    datafileDuplicates(datafileId: $datafileId, windowDays: $windowDays, velocitySurveys: $velocitySurveys, velocityDays: $velocityDays) {\n      interviewsWithIdentity\n      duplicates { recordId seenAt kind matchDatafileId matchDatafileTitle matchRecordId matchSeenAt }\n      velocity { recordId }\n      recordSources { recordId source }\n    }\n  }\n": typeof types.WorksheetDuplicatesDocument,
};
const documents: Documents = {
    "\n  mutation changePassword($oldPassword: String!, $newPassword: String!) {\n    changePassword(oldPassword: $oldPassword, newPassword: $newPassword) {\n      status\n      message\n    }\n  }\n": types.ChangePasswordDocument,
    "\n  query getPasswordEncryptionKey {\n    getPasswordEncryptionKey\n  }\n": types.GetPasswordEncryptionKeyDocument,
    "\n  mutation login($email: String!, $password: String!, $companyId: ID) {\n    login(email: $email, password: $password, companyId: $companyId) {\n      accessToken\n      accessLevel\n      expiresIn\n    }\n  }\n": types.LoginDocument,
    "\n  mutation logout {\n    logout {\n      status\n      message\n    }\n  }\n": types.LogoutDocument,
    "\n  mutation registerCompany($input: RegisterCompanyInput!) {\n    registerCompany(input: $input) {\n      status\n      message\n    }\n  }\n": types.RegisterCompanyDocument,
    "\n  mutation resetPassword($newPassword: String!, $passwordResetToken: String!) {\n    resetPassword(newPassword: $newPassword, passwordResetToken: $passwordResetToken) {\n      status\n      message\n    }\n  }\n": types.ResetPasswordDocument,
    "\n  mutation sendPasswordResetEmail($email: String!) {\n    sendPasswordResetEmail(email: $email) {\n      status\n      message\n    }\n  }\n": types.SendPasswordResetEmailDocument,
    "\n  mutation updateUserOnActivation($input: UserActivationInput!) {\n    updateUserOnActivation(input: $input) {\n      status\n      message\n    }\n  }\n": types.UpdateUserOnActivationDocument,
    "\n  query verifyCertificate($certificateCode: String!) {\n    verifyCertificate(certificateCode: $certificateCode) {\n      certificateCode\n      statement\n      signature\n      signatureValid\n      keyId\n      publicKey\n      signedWithCurrentKey\n      issuedAt\n      datafileId\n      datafileTitle\n      companyName\n      revision\n      scoringVersion\n      certificateLevel\n      recordsBefore\n      recordsAfter\n      recordsRemoved\n      keptRecordIdsDigest\n      cleaningRules\n    }\n  }\n": types.VerifyCertificateDocument,
    "\n  mutation deleteCompany($companyId: ID!) {\n    deleteCompany(companyId: $companyId) {\n      status\n      message\n    }\n  }\n": types.DeleteCompanyDocument,
    "\n  query getActiveCompanyAdminUsers($companyId: ID!) {\n    getActiveCompanyAdminUsers(companyId: $companyId) { id name { first last } email image accessLevel status isOwner numberOfImports }\n  }\n": types.GetActiveCompanyAdminUsersDocument,
    "\n  query getAllActiveCompanies($search: String, $sortBy: CompanySortField, $sortDirection: SortDirection, $page: PageInput) {\n    getAllActiveCompanies(search: $search, sortBy: $sortBy, sortDirection: $sortDirection, page: $page) {\n      companies {\n        id\n        name\n        image\n        isActivated\n        createdDate\n        supportLevel\n        contract { id type startDate endDate remainingDays status }\n        activeCreditOverview { totalActiveBalance totalActiveReceived totalReceivedFromPayAsUsage }\n        latestDataImport { daysAgo }\n      }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n": types.GetAllActiveCompaniesDocument,
    "\n  query getAllNewCompanies($search: String, $sortBy: CompanySortField, $sortDirection: SortDirection, $page: PageInput) {\n    getAllNewCompanies(search: $search, sortBy: $sortBy, sortDirection: $sortDirection, page: $page) {\n      companies {\n        id\n        name\n        image\n        isActivated\n        createdDate\n        companyOwner { id name { first last } email image }\n      }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n": types.GetAllNewCompaniesDocument,
    "\n  query getCompaniesSummary {\n    getCompaniesSummary { numberOfActiveCompanies numberOfNewCompanies }\n  }\n": types.GetCompaniesSummaryDocument,
    "\n  query getCompanyAvatarUploadURL($imageKey: String!, $companyId: ID!) {\n    getCompanyAvatarUploadURL(imageKey: $imageKey, companyId: $companyId) { signedUrl imageUrl expiresAt }\n  }\n": types.GetCompanyAvatarUploadUrlDocument,
    "\n  query getCompanyStats($companyId: ID!) {\n    getCompanyStats(companyId: $companyId) { numberOfDataImports numberOfDataRecords numberOfUsers }\n  }\n": types.GetCompanyStatsDocument,
    "\n  query getCompany($companyId: ID!) {\n    getCompany(companyId: $companyId) {\n      id\n      name\n      legalName\n      VATNumber\n      image\n      accountManager\n      supportLevel\n      comment\n      isActivated\n      address { street city postalCode country }\n      companyOwner { id name { first last } }\n      contract { id status endDate remainingDays }\n    }\n  }\n": types.GetCompanyDocument,
    "\n  mutation updateCompany($companyToUpdate: UpdateCompanyInput!) {\n    updateCompany(companyToUpdate: $companyToUpdate) {\n      status\n      message\n    }\n  }\n": types.UpdateCompanyDocument,
    "\n  mutation activateOrganization($input: ActivateOrganizationInput!) {\n    activateOrganization(input: $input) {\n      status\n      message\n    }\n  }\n": types.ActivateOrganizationDocument,
    "\n  mutation assignNewContractToCompany($input: AssignContractInput!) {\n    assignNewContractToCompany(input: $input) {\n      status\n      message\n    }\n  }\n": types.AssignNewContractToCompanyDocument,
    "\n  mutation assignUpcomingContractToCompany($input: AssignContractInput!) {\n    assignUpcomingContractToCompany(input: $input) {\n      status\n      message\n    }\n  }\n": types.AssignUpcomingContractToCompanyDocument,
    "\n  mutation deleteContract($contractId: ID!) {\n    deleteContract(contractId: $contractId) {\n      status\n      message\n    }\n  }\n": types.DeleteContractDocument,
    "\n  mutation editContract($contractToEdit: EditContractInput!) {\n    editContract(contractToEdit: $contractToEdit) {\n      status\n      message\n    }\n  }\n": types.EditContractDocument,
    "\n  query getAllPackages {\n    getAllPackages { id name numberOfCredits pricePerCredit packageType }\n  }\n": types.GetAllPackagesDocument,
    "\n  query getCompanyContracts($companyId: ID!) {\n    getCompanyContracts(companyId: $companyId) {\n      id\n      name\n      type\n      status\n      startDate\n      endDate\n      autoRenew\n      durationInDays\n      remainingDays\n      numberOfDatafiles\n      numberOfDataRecords\n      createdAt\n      createdBy { id name }\n      primaryCreditPlan { id name type category status isPayPerUsage isNextAvailable pricePerCredit credits { balance received } }\n      backupCreditPlan { id name type category status isPayPerUsage isNextAvailable pricePerCredit credits { balance received } }\n    }\n  }\n": types.GetCompanyContractsDocument,
    "\n  query isCompnayHavingUpcomingContract($companyId: ID!) {\n    isCompnayHavingUpcomingContract(companyId: $companyId)\n  }\n": types.IsCompnayHavingUpcomingContractDocument,
    "\n  query getCompanyCreditPlansByType($companyId: ID!, $type: CreditPlanRole!) {\n    getCompanyCreditPlansByType(companyId: $companyId, type: $type) {\n      id\n      name\n      createdAt\n      type\n      planType\n      category\n      status\n      credits { balance received }\n      isPayPerUsage\n      pricePerCredit\n      startDate\n      expirationDate\n      invoice { number url }\n      isNextAvailable\n    }\n  }\n": types.GetCompanyCreditPlansByTypeDocument,
    "\n  query getCompanyCreditSummary($companyId: ID!) {\n    getCompanyCreditSummary(companyId: $companyId) {\n      activeCreditPlanBalance\n      activeCreditPlanReceived\n      activePayAsUsageCreditPlanReceived\n      pricePerCreditForPayAsUsage\n      totalReceived\n      totalBalance\n      totalUsed\n      totalRefunded\n      totalExpired\n    }\n  }\n": types.GetCompanyCreditSummaryDocument,
    "\n  query getCompanyTransactionsGroupedByDatafile($companyId: ID!, $search: String, $types: [TransactionType!], $page: PageInput) {\n    getCompanyTransactionsGroupedByDatafile(companyId: $companyId, search: $search, types: $types, page: $page) {\n      transactions {\n        transactionId\n        datafileId\n        description\n        numberOfRecords\n        datafileDeleted\n        createdDate\n        latestTransactionDate\n        creditPlanDetails { id name type }\n        type\n        amount\n        numberOfUpdates\n      }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n": types.GetCompanyTransactionsGroupedByDatafileDocument,
    "\n  query getMyDatafilesSummaryForDashboard {\n    getMyDatafilesSummaryForDashboard {\n      numberOfDatafiles\n      numberOfQualityScores\n      numberOfDataRecords\n      combinedScore {\n        numberOfScoredRecords\n        average\n        trafficLight\n        bands {\n          from\n          to\n          count\n        }\n      }\n      scoreKinds {\n        kind\n        numberOfScoredRecords\n        average\n        trafficLight\n      }\n      latestDatafiles {\n        id\n        title\n        createdAt\n        numberOfRecords\n        averageCombinedScore\n        trafficLight\n      }\n    }\n  }\n": types.GetMyDatafilesSummaryForDashboardDocument,
    "\n  query getDatafilesForLoggedInUser($filters: DatafileListFilters, $paginationInfo: PageInput) {\n    getDatafilesForLoggedInUser(filters: $filters, paginationInfo: $paginationInfo) {\n      currentPage previousPage nextPage totalNumberOfDatafiles\n      datafiles {\n        id title importType status progress isUpdating numberOfRecords numberOfCleanedRecords isCleaned\n        meanCombinedScore certificateLevel createdDate canManage\n        owner { id name { first last } image email accessLevel }\n        contributors { id name { first last } image email accessLevel }\n        company { id name image }\n      }\n    }\n  }\n": types.GetDatafilesForLoggedInUserDocument,
    "\n  query getDatafileListRowProgress($datafileId: ID!) {\n    getDatafileUploadingProgress(datafileId: $datafileId) { datafileId status upload { kind status progress } }\n  }\n": types.GetDatafileListRowProgressDocument,
    "\n  query getAllDatafileContributors($datafileId: ID!) {\n    getAllDatafileContributors(datafileId: $datafileId) { id name { first last } image email accessLevel }\n  }\n": types.GetAllDatafileContributorsDocument,
    "\n  query getAvailableUsersAsContributorForDatafile($datafileId: ID!) {\n    getAvailableUsersAsContributorForDatafile(datafileId: $datafileId) { id name { first last } image email accessLevel }\n  }\n": types.GetAvailableUsersAsContributorForDatafileDocument,
    "\n  query getDatafileListOrganizations {\n    getCompanies(sortBy: NAME, sortDirection: ASC, page: { page: 1, limit: 100 }) { companies { id name } }\n  }\n": types.GetDatafileListOrganizationsDocument,
    "mutation editDatafileTitle($datafileId: ID!, $datafileTitle: String!) { editDatafileTitle(datafileId: $datafileId, datafileTitle: $datafileTitle) { status } }": types.EditDatafileTitleDocument,
    "mutation stopLiveDatafile($datafileId: ID!) { stopLiveDatafile(datafileId: $datafileId) { status } }": types.StopLiveDatafileDocument,
    "mutation reOpenLiveDatafile($datafileId: ID!) { reOpenLiveDatafile(datafileId: $datafileId) { status } }": types.ReOpenLiveDatafileDocument,
    "mutation deleteDatafile($datafileId: ID!) { deleteDatafile(datafileId: $datafileId) { status } }": types.DeleteDatafileDocument,
    "mutation resetDatafileCleaning($datafileId: ID!) { resetDatafileCleaning(datafileId: $datafileId) { status } }": types.ResetDatafileCleaningDocument,
    "\n  mutation changeDatafileOwnership($datafileId: ID!, $companyId: ID!, $userId: ID!, $changeWalletAndTransactions: Boolean!) {\n    changeDatafileOwnership(datafileId: $datafileId, companyId: $companyId, userId: $userId, changeWalletAndTransactions: $changeWalletAndTransactions) { status }\n  }\n": types.ChangeDatafileOwnershipDocument,
    "mutation addContributorToDatafile($datafileId: ID!, $inviteeIds: [ID!]!) { addContributorToDatafile(datafileId: $datafileId, inviteeIds: $inviteeIds) { status } }": types.AddContributorToDatafileDocument,
    "mutation removeContributorFromDatafile($datafileId: ID!, $contributorId: ID!) { removeContributorFromDatafile(datafileId: $datafileId, contributorId: $contributorId) { status } }": types.RemoveContributorFromDatafileDocument,
    "\n  mutation requestDatafileExport($input: ExportRequestInput!) {\n    requestDatafileExport(input: $input) {\n      jobId\n      state\n      progress\n    }\n  }\n": types.RequestDatafileExportDocument,
    "\n  query getExportJob($jobId: ID!) {\n    getExportJob(jobId: $jobId) {\n      jobId\n      format\n      state\n      progress\n      downloadUrl\n      fileName\n      size\n      includedRecords\n      removedRecords\n      error {\n        code\n        message\n      }\n    }\n  }\n": types.GetExportJobDocument,
    "\n  query exportSampleSources($datafileId: ID!) {\n    datafileDuplicates(datafileId: $datafileId) {\n      sources {\n        source\n      }\n    }\n  }\n": types.ExportSampleSourcesDocument,
    "\n  query getLiveDatafileIntegration($datafileId: ID!) {\n    getLiveDatafileIntegration(datafileId: $datafileId) {\n      datafileId name surveySoftware status secretKey serverKey endpoint numberOfRespondents cost\n      pages { label start criterion questionTitle languages items min max }\n      limits { expectedRespondents maxRespondents maxCredits respondents credits perAddressPerHour perDevice allowedOrigins }\n    }\n  }\n": types.GetLiveDatafileIntegrationDocument,
    "\n  mutation createLiveDatafile($input: LiveDatafileInput!) {\n    createLiveDatafile(input: $input) { status datafileId }\n  }\n": types.CreateLiveDatafileDocument,
    "\n  mutation regenerateLiveDatafileSecret($datafileId: ID!) {\n    regenerateLiveDatafileSecret(datafileId: $datafileId)\n  }\n": types.RegenerateLiveDatafileSecretDocument,
    "\n  mutation regenerateLiveDatafileServerKey($datafileId: ID!) {\n    regenerateLiveDatafileServerKey(datafileId: $datafileId)\n  }\n": types.RegenerateLiveDatafileServerKeyDocument,
    "\n  mutation updateLiveDatafileLimits($datafileId: ID!, $limits: LiveLimitsInput!) {\n    updateLiveDatafileLimits(datafileId: $datafileId, limits: $limits) { maxRespondents }\n  }\n": types.UpdateLiveDatafileLimitsDocument,
    "\n  mutation openLiveDatafile($datafileId: ID!) {\n    openLiveDatafile(datafileId: $datafileId)\n  }\n": types.OpenLiveDatafileDocument,
    "\n  query liveNipoIntegration {\n    me { user { id userPreferences { id nipoIntegration { username region domain password } } } }\n  }\n": types.LiveNipoIntegrationDocument,
    "\n  mutation updateUserPreferenceForNipoIntegration($preferences: NipoIntegrationInput!) {\n    updateUserPreferenceForNipoIntegration(preferences: $preferences) { status }\n  }\n": types.UpdateUserPreferenceForNipoIntegrationDocument,
    "\n  mutation cancelJob($jobId: ID!) {\n    cancelJob(jobId: $jobId) { status message }\n  }\n": types.CancelJobDocument,
    "\n  query getJobQueueSummary {\n    getJobQueueSummary {\n      measuredAt\n      kinds { kind waiting running failed succeededLastDay failedLastDay cancelledLastDay processingP50Ms processingP95Ms waitingP50Ms waitingP95Ms }\n    }\n  }\n": types.GetJobQueueSummaryDocument,
    "\n  query getJobs($filters: JobFilters, $paginationInfo: PageInput) {\n    getJobs(filters: $filters, paginationInfo: $paginationInfo) {\n      jobs { id kind state attempts maxAttempts progress errorCode errorDetail payload createdAt startedAt finishedAt runAfter cancelRequestedAt isStalled }\n      pageInfo { page limit total }\n    }\n  }\n": types.GetJobsDocument,
    "\n  query getLiveEndpointTraffic($minutes: Int) {\n    getLiveEndpointTraffic(minutes: $minutes) {\n      from\n      to\n      minutes { minute requests refusals }\n      endpoints { endpoint requests refusals lastCallAt }\n      refusalReasons { reason refusals lastRefusalAt }\n      recentRefusals { at endpoint reason datafileId keyKind source origin }\n    }\n  }\n": types.GetLiveEndpointTrafficDocument,
    "\n  query getOutboxSummary {\n    getOutboxSummary { pending failed sentLastDay oldestPendingAt smtpConfigured }\n  }\n": types.GetOutboxSummaryDocument,
    "\n  query getOutboxMails($status: MailStatus, $paginationInfo: PageInput) {\n    getOutboxMails(status: $status, paginationInfo: $paginationInfo) {\n      mails { id to subject template locale status attempts lastError createdAt sentAt }\n      pageInfo { page limit total }\n    }\n  }\n": types.GetOutboxMailsDocument,
    "\n  query getSystemSize {\n    getSystemSize {\n      database { kind pageCount pageSize bytes freeBytes walBytes }\n      storage { kind bytes objects folders { prefix bytes objects } measuredAt }\n    }\n  }\n": types.GetSystemSizeDocument,
    "\n  mutation resendOutboxMail($mailId: ID!) {\n    resendOutboxMail(mailId: $mailId) { status message }\n  }\n": types.ResendOutboxMailDocument,
    "\n  mutation retryJob($jobId: ID!) {\n    retryJob(jobId: $jobId) { status message }\n  }\n": types.RetryJobDocument,
    "\n  query getNotificationsForLoggedinUser {\n    getNotificationsForLoggedinUser {\n      id\n      title\n      description\n      event\n      params\n      url\n      readed\n      createdDate\n      type\n    }\n  }\n": types.GetNotificationsForLoggedinUserDocument,
    "\n  mutation markNotificationAsReaded($notificationId: ID!) {\n    markNotificationAsReaded(notificationId: $notificationId) {\n      status\n      message\n    }\n  }\n": types.MarkNotificationAsReadedDocument,
    "\n  query getDatafileReport($datafileId: ID!, $password: String) {\n    getDatafileReport(datafileId: $datafileId, password: $password) {\n      access\n      canEdit\n      settings {\n        datafileId\n        clientName\n        clientLogo\n        showScoreDetails\n        shortFormat\n        passwordProtected\n        hasPassword\n        isPublished\n        link\n      }\n      report {\n        datafileTitle\n        companyName\n        clientName\n        clientLogo\n        showScoreDetails\n        shortFormat\n        certificateCode\n        certificateLevel\n        certifiedAt\n        revision\n        scoringVersion\n        cleanedAt\n        recordsBefore\n        recordsAfter\n        recordsRemoved\n        targetAverage\n        averages {\n          key\n          before\n          after\n        }\n        sampleScores {\n          key\n          before\n          after\n        }\n        exclusions {\n          quotaCleaning\n          scoreThreshold\n          targetSample\n          manual\n          duplicate\n        }\n        removedByReason {\n          reason\n          group\n          count\n        }\n        bySource {\n          source\n          interviews\n          removed\n          reasons {\n            reason\n            count\n          }\n        }\n        distribution {\n          edges\n          before\n          after\n          unscoredBefore\n          unscoredAfter\n        }\n      }\n    }\n  }\n": types.GetDatafileReportDocument,
    "\n  mutation updateDatafileReportSettings($datafileId: ID!, $settings: DatafileReportSettingsInput!) {\n    updateDatafileReportSettings(datafileId: $datafileId, settings: $settings) {\n      datafileId\n      isPublished\n      hasPassword\n    }\n  }\n": types.UpdateDatafileReportSettingsDocument,
    "\n  query getReportLogoUploadURL($datafileId: ID!, $imageKey: String!) {\n    getReportLogoUploadURL(datafileId: $datafileId, imageKey: $imageKey) {\n      signedUrl\n      imagePath\n    }\n  }\n": types.GetReportLogoUploadUrlDocument,
    "\n  query getDatafileDuplicates($datafileId: ID!) {\n    datafileDuplicates(datafileId: $datafileId) {\n      windowDays velocitySurveys velocityDays interviewsWithIdentity\n      duplicates { recordId kind matchDatafileId matchDatafileTitle matchRecordId matchSeenAt }\n      velocity { recordId kind surveys }\n      sources { source interviews duplicates velocity }\n      removals { source interviews removed reasons { reason count } }\n    }\n  }\n": types.GetDatafileDuplicatesDocument,
    "\n  query getDatafileResult($datafileId: ID!) {\n    getDatafile(datafileId: $datafileId) {\n      id title status importType certificateLevel cost numberOfRecords numberOfCleanedRecords isCleaned meanCombinedScore\n      revision scoringVersion qualityScores scoreColumns rawColumns createdDate\n      weightingMethod { datafileWeighting { key value } }\n      coherence { asked judged failed }\n      owner { id name }\n      uploadedBy { id name date }\n      dataPoints { dataPointIdentifier dataPointType questionTitle columns role unit scaleMin scaleMax }\n    }\n    getDataRecordSummaryForDatafile(datafileId: $datafileId) {\n      totalNumberOfDataRecords numberOfDataRecordsWithValidScore numberOfDataRecordsWithInvalidScore numberOfExcludedDataRecords numberOfIncludedDataRecords\n    }\n  }\n": types.GetDatafileResultDocument,
    "\n  query getClearLocalStorage {\n    getClearLocalStorage {\n      value\n      updatedAt\n    }\n  }\n": types.GetClearLocalStorageDocument,
    "\n  query getStatsOrganizations($search: String, $page: PageInput) {\n    getCompanies(search: $search, sortBy: NAME, page: $page) {\n      companies { id name isActivated }\n      pageInfo { total }\n    }\n  }\n": types.GetStatsOrganizationsDocument,
    "\n  query getUsageStatsByMonth($filters: UsageStatsFilters!, $sortBy: UsageStatsSortField, $sortDirection: SortDirection, $paginationInfo: PageInput) {\n    getUsageStatsByMonth(filters: $filters, sortBy: $sortBy, sortDirection: $sortDirection, paginationInfo: $paginationInfo) {\n      months {\n        month\n        numberOfOrganizations\n        numberOfDatafiles\n        numberOfLiveDatafiles\n        numberOfManualDatafiles\n        numberOfDataRecords\n        numberOfLiveDataRecords\n        numberOfManualDataRecords\n        creditsUsed\n        creditsRefunded\n      }\n      totals {\n        numberOfOrganizations\n        numberOfDatafiles\n        numberOfLiveDatafiles\n        numberOfManualDatafiles\n        numberOfDataRecords\n        numberOfLiveDataRecords\n        numberOfManualDataRecords\n        creditsUsed\n        creditsRefunded\n      }\n      rows {\n        month\n        organization { id name }\n        numberOfDatafiles\n        numberOfLiveDatafiles\n        numberOfManualDatafiles\n        numberOfDataRecords\n        numberOfLiveDataRecords\n        numberOfManualDataRecords\n        creditsUsed\n        creditsRefunded\n      }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n": types.GetUsageStatsByMonthDocument,
    "\n  query getUsageStatsCsv($view: UsageStatsView!, $filters: UsageStatsFilters!, $sortBy: UsageStatsSortField, $sortDirection: SortDirection) {\n    getUsageStatsCsv(view: $view, filters: $filters, sortBy: $sortBy, sortDirection: $sortDirection) {\n      fileName\n      content\n    }\n  }\n": types.GetUsageStatsCsvDocument,
    "\n  mutation changeDatafileUploadingProgressStatus($datafileInputObject: DatafileProgressInput!, $selectedColumns: [SelectedColumnInput!], $creditAmount: Int!, $status: DatafileStatus!) {\n    changeDatafileUploadingProgressStatus(datafileInputObject: $datafileInputObject, selectedColumns: $selectedColumns, creditAmount: $creditAmount, status: $status) { status message }\n  }\n": types.ChangeDatafileUploadingProgressStatusDocument,
    "\n  mutation createDraftDatafile($datafileInput: DatafileInput!) {\n    createDraftDatafile(datafileInput: $datafileInput) { status message datafileId }\n  }\n": types.CreateDraftDatafileDocument,
    "\n  query getDatafileUploadURL($fileName: String!, $companyId: ID!) {\n    getDatafileUploadURL(fileName: $fileName, companyId: $companyId) { signedUrl datafileKey expiresAt maxBytes format }\n  }\n": types.GetDatafileUploadUrlDocument,
    "\n  query getDatafileUploadingProgress($datafileId: ID!) {\n    getDatafileUploadingProgress(datafileId: $datafileId) {\n      datafileId title status\n      upload { kind status progress revision numberOfRecords chargedRecords creditsCharged creditEstimate error { code reason message column rows } }\n      metadata { numberOfRecords numberOfValidRecords numberOfInvalidRecords numberOfDatapoints numberOfQualityScores qualityScores cost revision }\n    }\n  }\n": types.GetDatafileUploadingProgressDocument,
    "\n  query getDraftedDatafile($datafileId: ID!) {\n    getDraftedDatafile(datafileId: $datafileId) {\n      id name createdDate status revision\n      company { id name }\n      owner { id name }\n      datapointsMetadata {\n        dataPointIdentifier dataPointType isRowNumber questionTitle isEnableCopyPasteCheck startingQuestion\n        algorithms { IS PS SDS TS IBS CS OES } pageNumber pageTitle columns role unit dateOrder scaleMin scaleMax\n        isRandomised keywords languages isEnableDuplicateCheck isEnableWrongTopicCheck numberOfOptions\n      }\n      upload {\n        uploadId kind status progress revision datafileKey fileName fileSize format sheetName headerRow dataRecordStartRow lastDataRow missingValues creditEstimate\n        error { code reason message column rows }\n      }\n    }\n  }\n": types.GetDraftedDatafileDocument,
    "\n  query getSheetNames($datafileKey: String!, $companyId: ID!) {\n    getSheetNames(datafileKey: $datafileKey, companyId: $companyId)\n  }\n": types.GetSheetNamesDocument,
    "\n  query getUploadCheck($datafileId: ID!) {\n    getUploadCheck(datafileId: $datafileId) {\n      state progress\n      issues { code reason message column rows columns }\n      estimate { numberOfRecords newRecords creditAmount creditsAllRecords numberOfDatapoints availableCredits hasPayAsUsagePlan isBalanceEnough }\n    }\n  }\n": types.GetUploadCheckDocument,
    "\n  query getUploadPreview($datafileId: ID!) {\n    getUploadPreview(datafileId: $datafileId) {\n      sampledRows\n      source { format sheetName headerRow dataRecordStartRow lastDataRow delimiter encoding isQualtrics }\n      columns { index name label suggestedType basis group withdrawnBecause valueLabels { value label } stats { filled missing numeric integers min max distinct meanTextLength } }\n      rows { number cells missing }\n      rawRows { number cells }\n      layout { headerRow dataRecordStartRow lastDataRow labelRow kind notSurveyData notSurveyDataMessage }\n      readingIssues { code reason message column rows }\n      suggestionIssues { code reason message column rows }\n      gridCandidates { id columns scaleMin scaleMax }\n      missingValueSuggestions { value columns count }\n      suggestedColumns {\n        dataPointIdentifier dataPointType isRowNumber questionTitle isEnableCopyPasteCheck startingQuestion\n        algorithms { IS PS SDS TS IBS CS OES } pageNumber pageTitle columns role unit dateOrder scaleMin scaleMax\n        isRandomised keywords languages isEnableDuplicateCheck isEnableWrongTopicCheck numberOfOptions\n      }\n    }\n  }\n": types.GetUploadPreviewDocument,
    "\n  mutation saveDraftDatafileColumns($datafileId: ID!, $selectedColumns: [SelectedColumnInput!]!) {\n    saveDraftDatafileColumns(datafileId: $datafileId, selectedColumns: $selectedColumns) {\n      state progress\n      issues { code reason message column rows columns }\n      estimate { numberOfRecords newRecords creditAmount creditsAllRecords numberOfDatapoints availableCredits hasPayAsUsagePlan isBalanceEnough }\n    }\n  }\n": types.SaveDraftDatafileColumnsDocument,
    "\n  mutation deleteUser($userId: ID!) {\n    deleteUser(userId: $userId) {\n      status\n      message\n    }\n  }\n": types.DeleteUserDocument,
    "\n  query getCompanyUsers($companyId: ID!) {\n    getCompanyUsers(companyId: $companyId) {\n      id\n      name { first last }\n      email\n      image\n      accessLevel\n      status\n      apiKey { hint createdAt }\n      isOwner\n      numberOfImports\n    }\n  }\n": types.GetCompanyUsersDocument,
    "\n  query getUserAvatarUploadURL($imageKey: String!, $userId: ID!) {\n    getUserAvatarUploadURL(imageKey: $imageKey, userId: $userId) {\n      signedUrl\n      imageUrl\n      expiresAt\n    }\n  }\n": types.GetUserAvatarUploadUrlDocument,
    "\n  mutation inviteUserForSpecificCompany($newUser: NewUserInput!, $companyId: ID!) {\n    inviteUserForSpecificCompany(newUser: $newUser, companyId: $companyId) {\n      status\n      message\n    }\n  }\n": types.InviteUserForSpecificCompanyDocument,
    "\n  query me {\n    me {\n      sessionExpiresAt\n      companyId\n      user {\n        id\n        name { first last }\n        email\n        image\n        accessLevel\n        status\n        apiKey { hint createdAt }\n        isOwner\n        locale\n        watchGetStarted\n        watchNPS\n        company { id name image isActivated }\n      }\n    }\n  }\n": types.MeDocument,
    "\n  mutation regenerateMagicKey($userId: ID!) {\n    regenerateMagicKey(userId: $userId) {\n      status\n      message\n    }\n  }\n": types.RegenerateMagicKeyDocument,
    "\n  mutation resendUserInvitation($userId: ID!) {\n    resendUserInvitation(userId: $userId) {\n      status\n      message\n    }\n  }\n": types.ResendUserInvitationDocument,
    "\n  mutation revokeMagicKey($userId: ID!) {\n    revokeMagicKey(userId: $userId) {\n      status\n      message\n    }\n  }\n": types.RevokeMagicKeyDocument,
    "\n  mutation updateGetStarted($userId: ID!) {\n    updateGetStarted(userId: $userId) {\n      status\n      message\n    }\n  }\n": types.UpdateGetStartedDocument,
    "\n  mutation updateMyLocale($locale: Locale!) {\n    updateMyLocale(locale: $locale) {\n      status\n      message\n    }\n  }\n": types.UpdateMyLocaleDocument,
    "\n  mutation updateNPS($userId: ID!, $nextNPSDate: String) {\n    updateNPS(userId: $userId, nextNPSDate: $nextNPSDate) {\n      status\n      message\n    }\n  }\n": types.UpdateNpsDocument,
    "\n  mutation updateUser($userToUpdate: UpdateUserInput!) {\n    updateUser(userToUpdate: $userToUpdate) {\n      status\n      message\n    }\n  }\n": types.UpdateUserDocument,
    "\n  query getCleaningAuditTrail($datafileId: ID!, $page: PageInput) {\n    getCleaningAuditTrail(datafileId: $datafileId, page: $page) {\n      entries { id at action revision recordId reason userName detail }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n": types.GetCleaningAuditTrailDocument,
    "\n  query getDatafileCleaningSettings($datafileId: ID!) {\n    getDatafileCleaningSettings(datafileId: $datafileId) {\n      datafileId title status importType revision scoringVersion numberOfRecords isCleaned numberOfCleanedRecords\n      certificateLevel certificateCode cleaningMethod targetSampleSize qualityScores groupingColumns savedAt savedBy\n      minFailingChecks\n      scoreThresholds { key name isEnable threshold minDataPoints }\n      badAnswers { isEnable min }\n      quotaSetting { column rename show options { value label target } }\n      duplicateRule { isEnable keep windowDays velocitySurveys velocityDays }\n      manualDecisions { recordId decision }\n      weightingMethod { datafileWeighting { key value name } projectiveQuestionsWeighting { dataPointIdentifier algorithms apply } }\n    }\n  }\n": types.GetDatafileCleaningSettingsDocument,
    "\n  mutation updateCleaningSettings($datafileId: ID!, $cleaningSettings: CleaningSettingsInput!) {\n    updateCleaningSettings(datafileId: $datafileId, cleaningSettings: $cleaningSettings) {\n      status message numberOfRecords numberOfCleanedRecords removedByReason certificateLevel certificateCode scoringVersion\n    }\n  }\n": types.UpdateCleaningSettingsDocument,
    "\n  query worksheetDuplicates($datafileId: ID!, $windowDays: Int, $velocitySurveys: Int, $velocityDays: Int) {\n    datafileDuplicates(datafileId: $datafileId, windowDays: $windowDays, velocitySurveys: $velocitySurveys, velocityDays: $velocityDays) {\n      interviewsWithIdentity\n      duplicates { recordId seenAt kind matchDatafileId matchDatafileTitle matchRecordId matchSeenAt }\n      velocity { recordId }\n      recordSources { recordId source }\n    }\n  }\n": types.WorksheetDuplicatesDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation changePassword($oldPassword: String!, $newPassword: String!) {\n    changePassword(oldPassword: $oldPassword, newPassword: $newPassword) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').ChangePasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getPasswordEncryptionKey {\n    getPasswordEncryptionKey\n  }\n"): typeof import('./graphql').GetPasswordEncryptionKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation login($email: String!, $password: String!, $companyId: ID) {\n    login(email: $email, password: $password, companyId: $companyId) {\n      accessToken\n      accessLevel\n      expiresIn\n    }\n  }\n"): typeof import('./graphql').LoginDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation logout {\n    logout {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').LogoutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation registerCompany($input: RegisterCompanyInput!) {\n    registerCompany(input: $input) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').RegisterCompanyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation resetPassword($newPassword: String!, $passwordResetToken: String!) {\n    resetPassword(newPassword: $newPassword, passwordResetToken: $passwordResetToken) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').ResetPasswordDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation sendPasswordResetEmail($email: String!) {\n    sendPasswordResetEmail(email: $email) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').SendPasswordResetEmailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation updateUserOnActivation($input: UserActivationInput!) {\n    updateUserOnActivation(input: $input) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').UpdateUserOnActivationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query verifyCertificate($certificateCode: String!) {\n    verifyCertificate(certificateCode: $certificateCode) {\n      certificateCode\n      statement\n      signature\n      signatureValid\n      keyId\n      publicKey\n      signedWithCurrentKey\n      issuedAt\n      datafileId\n      datafileTitle\n      companyName\n      revision\n      scoringVersion\n      certificateLevel\n      recordsBefore\n      recordsAfter\n      recordsRemoved\n      keptRecordIdsDigest\n      cleaningRules\n    }\n  }\n"): typeof import('./graphql').VerifyCertificateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation deleteCompany($companyId: ID!) {\n    deleteCompany(companyId: $companyId) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').DeleteCompanyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getActiveCompanyAdminUsers($companyId: ID!) {\n    getActiveCompanyAdminUsers(companyId: $companyId) { id name { first last } email image accessLevel status isOwner numberOfImports }\n  }\n"): typeof import('./graphql').GetActiveCompanyAdminUsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getAllActiveCompanies($search: String, $sortBy: CompanySortField, $sortDirection: SortDirection, $page: PageInput) {\n    getAllActiveCompanies(search: $search, sortBy: $sortBy, sortDirection: $sortDirection, page: $page) {\n      companies {\n        id\n        name\n        image\n        isActivated\n        createdDate\n        supportLevel\n        contract { id type startDate endDate remainingDays status }\n        activeCreditOverview { totalActiveBalance totalActiveReceived totalReceivedFromPayAsUsage }\n        latestDataImport { daysAgo }\n      }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n"): typeof import('./graphql').GetAllActiveCompaniesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getAllNewCompanies($search: String, $sortBy: CompanySortField, $sortDirection: SortDirection, $page: PageInput) {\n    getAllNewCompanies(search: $search, sortBy: $sortBy, sortDirection: $sortDirection, page: $page) {\n      companies {\n        id\n        name\n        image\n        isActivated\n        createdDate\n        companyOwner { id name { first last } email image }\n      }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n"): typeof import('./graphql').GetAllNewCompaniesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getCompaniesSummary {\n    getCompaniesSummary { numberOfActiveCompanies numberOfNewCompanies }\n  }\n"): typeof import('./graphql').GetCompaniesSummaryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getCompanyAvatarUploadURL($imageKey: String!, $companyId: ID!) {\n    getCompanyAvatarUploadURL(imageKey: $imageKey, companyId: $companyId) { signedUrl imageUrl expiresAt }\n  }\n"): typeof import('./graphql').GetCompanyAvatarUploadUrlDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getCompanyStats($companyId: ID!) {\n    getCompanyStats(companyId: $companyId) { numberOfDataImports numberOfDataRecords numberOfUsers }\n  }\n"): typeof import('./graphql').GetCompanyStatsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getCompany($companyId: ID!) {\n    getCompany(companyId: $companyId) {\n      id\n      name\n      legalName\n      VATNumber\n      image\n      accountManager\n      supportLevel\n      comment\n      isActivated\n      address { street city postalCode country }\n      companyOwner { id name { first last } }\n      contract { id status endDate remainingDays }\n    }\n  }\n"): typeof import('./graphql').GetCompanyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation updateCompany($companyToUpdate: UpdateCompanyInput!) {\n    updateCompany(companyToUpdate: $companyToUpdate) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').UpdateCompanyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation activateOrganization($input: ActivateOrganizationInput!) {\n    activateOrganization(input: $input) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').ActivateOrganizationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation assignNewContractToCompany($input: AssignContractInput!) {\n    assignNewContractToCompany(input: $input) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').AssignNewContractToCompanyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation assignUpcomingContractToCompany($input: AssignContractInput!) {\n    assignUpcomingContractToCompany(input: $input) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').AssignUpcomingContractToCompanyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation deleteContract($contractId: ID!) {\n    deleteContract(contractId: $contractId) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').DeleteContractDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation editContract($contractToEdit: EditContractInput!) {\n    editContract(contractToEdit: $contractToEdit) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').EditContractDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getAllPackages {\n    getAllPackages { id name numberOfCredits pricePerCredit packageType }\n  }\n"): typeof import('./graphql').GetAllPackagesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getCompanyContracts($companyId: ID!) {\n    getCompanyContracts(companyId: $companyId) {\n      id\n      name\n      type\n      status\n      startDate\n      endDate\n      autoRenew\n      durationInDays\n      remainingDays\n      numberOfDatafiles\n      numberOfDataRecords\n      createdAt\n      createdBy { id name }\n      primaryCreditPlan { id name type category status isPayPerUsage isNextAvailable pricePerCredit credits { balance received } }\n      backupCreditPlan { id name type category status isPayPerUsage isNextAvailable pricePerCredit credits { balance received } }\n    }\n  }\n"): typeof import('./graphql').GetCompanyContractsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query isCompnayHavingUpcomingContract($companyId: ID!) {\n    isCompnayHavingUpcomingContract(companyId: $companyId)\n  }\n"): typeof import('./graphql').IsCompnayHavingUpcomingContractDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getCompanyCreditPlansByType($companyId: ID!, $type: CreditPlanRole!) {\n    getCompanyCreditPlansByType(companyId: $companyId, type: $type) {\n      id\n      name\n      createdAt\n      type\n      planType\n      category\n      status\n      credits { balance received }\n      isPayPerUsage\n      pricePerCredit\n      startDate\n      expirationDate\n      invoice { number url }\n      isNextAvailable\n    }\n  }\n"): typeof import('./graphql').GetCompanyCreditPlansByTypeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getCompanyCreditSummary($companyId: ID!) {\n    getCompanyCreditSummary(companyId: $companyId) {\n      activeCreditPlanBalance\n      activeCreditPlanReceived\n      activePayAsUsageCreditPlanReceived\n      pricePerCreditForPayAsUsage\n      totalReceived\n      totalBalance\n      totalUsed\n      totalRefunded\n      totalExpired\n    }\n  }\n"): typeof import('./graphql').GetCompanyCreditSummaryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getCompanyTransactionsGroupedByDatafile($companyId: ID!, $search: String, $types: [TransactionType!], $page: PageInput) {\n    getCompanyTransactionsGroupedByDatafile(companyId: $companyId, search: $search, types: $types, page: $page) {\n      transactions {\n        transactionId\n        datafileId\n        description\n        numberOfRecords\n        datafileDeleted\n        createdDate\n        latestTransactionDate\n        creditPlanDetails { id name type }\n        type\n        amount\n        numberOfUpdates\n      }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n"): typeof import('./graphql').GetCompanyTransactionsGroupedByDatafileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getMyDatafilesSummaryForDashboard {\n    getMyDatafilesSummaryForDashboard {\n      numberOfDatafiles\n      numberOfQualityScores\n      numberOfDataRecords\n      combinedScore {\n        numberOfScoredRecords\n        average\n        trafficLight\n        bands {\n          from\n          to\n          count\n        }\n      }\n      scoreKinds {\n        kind\n        numberOfScoredRecords\n        average\n        trafficLight\n      }\n      latestDatafiles {\n        id\n        title\n        createdAt\n        numberOfRecords\n        averageCombinedScore\n        trafficLight\n      }\n    }\n  }\n"): typeof import('./graphql').GetMyDatafilesSummaryForDashboardDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getDatafilesForLoggedInUser($filters: DatafileListFilters, $paginationInfo: PageInput) {\n    getDatafilesForLoggedInUser(filters: $filters, paginationInfo: $paginationInfo) {\n      currentPage previousPage nextPage totalNumberOfDatafiles\n      datafiles {\n        id title importType status progress isUpdating numberOfRecords numberOfCleanedRecords isCleaned\n        meanCombinedScore certificateLevel createdDate canManage\n        owner { id name { first last } image email accessLevel }\n        contributors { id name { first last } image email accessLevel }\n        company { id name image }\n      }\n    }\n  }\n"): typeof import('./graphql').GetDatafilesForLoggedInUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getDatafileListRowProgress($datafileId: ID!) {\n    getDatafileUploadingProgress(datafileId: $datafileId) { datafileId status upload { kind status progress } }\n  }\n"): typeof import('./graphql').GetDatafileListRowProgressDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getAllDatafileContributors($datafileId: ID!) {\n    getAllDatafileContributors(datafileId: $datafileId) { id name { first last } image email accessLevel }\n  }\n"): typeof import('./graphql').GetAllDatafileContributorsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getAvailableUsersAsContributorForDatafile($datafileId: ID!) {\n    getAvailableUsersAsContributorForDatafile(datafileId: $datafileId) { id name { first last } image email accessLevel }\n  }\n"): typeof import('./graphql').GetAvailableUsersAsContributorForDatafileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getDatafileListOrganizations {\n    getCompanies(sortBy: NAME, sortDirection: ASC, page: { page: 1, limit: 100 }) { companies { id name } }\n  }\n"): typeof import('./graphql').GetDatafileListOrganizationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation editDatafileTitle($datafileId: ID!, $datafileTitle: String!) { editDatafileTitle(datafileId: $datafileId, datafileTitle: $datafileTitle) { status } }"): typeof import('./graphql').EditDatafileTitleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation stopLiveDatafile($datafileId: ID!) { stopLiveDatafile(datafileId: $datafileId) { status } }"): typeof import('./graphql').StopLiveDatafileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation reOpenLiveDatafile($datafileId: ID!) { reOpenLiveDatafile(datafileId: $datafileId) { status } }"): typeof import('./graphql').ReOpenLiveDatafileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation deleteDatafile($datafileId: ID!) { deleteDatafile(datafileId: $datafileId) { status } }"): typeof import('./graphql').DeleteDatafileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation resetDatafileCleaning($datafileId: ID!) { resetDatafileCleaning(datafileId: $datafileId) { status } }"): typeof import('./graphql').ResetDatafileCleaningDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation changeDatafileOwnership($datafileId: ID!, $companyId: ID!, $userId: ID!, $changeWalletAndTransactions: Boolean!) {\n    changeDatafileOwnership(datafileId: $datafileId, companyId: $companyId, userId: $userId, changeWalletAndTransactions: $changeWalletAndTransactions) { status }\n  }\n"): typeof import('./graphql').ChangeDatafileOwnershipDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation addContributorToDatafile($datafileId: ID!, $inviteeIds: [ID!]!) { addContributorToDatafile(datafileId: $datafileId, inviteeIds: $inviteeIds) { status } }"): typeof import('./graphql').AddContributorToDatafileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation removeContributorFromDatafile($datafileId: ID!, $contributorId: ID!) { removeContributorFromDatafile(datafileId: $datafileId, contributorId: $contributorId) { status } }"): typeof import('./graphql').RemoveContributorFromDatafileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation requestDatafileExport($input: ExportRequestInput!) {\n    requestDatafileExport(input: $input) {\n      jobId\n      state\n      progress\n    }\n  }\n"): typeof import('./graphql').RequestDatafileExportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getExportJob($jobId: ID!) {\n    getExportJob(jobId: $jobId) {\n      jobId\n      format\n      state\n      progress\n      downloadUrl\n      fileName\n      size\n      includedRecords\n      removedRecords\n      error {\n        code\n        message\n      }\n    }\n  }\n"): typeof import('./graphql').GetExportJobDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query exportSampleSources($datafileId: ID!) {\n    datafileDuplicates(datafileId: $datafileId) {\n      sources {\n        source\n      }\n    }\n  }\n"): typeof import('./graphql').ExportSampleSourcesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getLiveDatafileIntegration($datafileId: ID!) {\n    getLiveDatafileIntegration(datafileId: $datafileId) {\n      datafileId name surveySoftware status secretKey serverKey endpoint numberOfRespondents cost\n      pages { label start criterion questionTitle languages items min max }\n      limits { expectedRespondents maxRespondents maxCredits respondents credits perAddressPerHour perDevice allowedOrigins }\n    }\n  }\n"): typeof import('./graphql').GetLiveDatafileIntegrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation createLiveDatafile($input: LiveDatafileInput!) {\n    createLiveDatafile(input: $input) { status datafileId }\n  }\n"): typeof import('./graphql').CreateLiveDatafileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation regenerateLiveDatafileSecret($datafileId: ID!) {\n    regenerateLiveDatafileSecret(datafileId: $datafileId)\n  }\n"): typeof import('./graphql').RegenerateLiveDatafileSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation regenerateLiveDatafileServerKey($datafileId: ID!) {\n    regenerateLiveDatafileServerKey(datafileId: $datafileId)\n  }\n"): typeof import('./graphql').RegenerateLiveDatafileServerKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation updateLiveDatafileLimits($datafileId: ID!, $limits: LiveLimitsInput!) {\n    updateLiveDatafileLimits(datafileId: $datafileId, limits: $limits) { maxRespondents }\n  }\n"): typeof import('./graphql').UpdateLiveDatafileLimitsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation openLiveDatafile($datafileId: ID!) {\n    openLiveDatafile(datafileId: $datafileId)\n  }\n"): typeof import('./graphql').OpenLiveDatafileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query liveNipoIntegration {\n    me { user { id userPreferences { id nipoIntegration { username region domain password } } } }\n  }\n"): typeof import('./graphql').LiveNipoIntegrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation updateUserPreferenceForNipoIntegration($preferences: NipoIntegrationInput!) {\n    updateUserPreferenceForNipoIntegration(preferences: $preferences) { status }\n  }\n"): typeof import('./graphql').UpdateUserPreferenceForNipoIntegrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation cancelJob($jobId: ID!) {\n    cancelJob(jobId: $jobId) { status message }\n  }\n"): typeof import('./graphql').CancelJobDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getJobQueueSummary {\n    getJobQueueSummary {\n      measuredAt\n      kinds { kind waiting running failed succeededLastDay failedLastDay cancelledLastDay processingP50Ms processingP95Ms waitingP50Ms waitingP95Ms }\n    }\n  }\n"): typeof import('./graphql').GetJobQueueSummaryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getJobs($filters: JobFilters, $paginationInfo: PageInput) {\n    getJobs(filters: $filters, paginationInfo: $paginationInfo) {\n      jobs { id kind state attempts maxAttempts progress errorCode errorDetail payload createdAt startedAt finishedAt runAfter cancelRequestedAt isStalled }\n      pageInfo { page limit total }\n    }\n  }\n"): typeof import('./graphql').GetJobsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getLiveEndpointTraffic($minutes: Int) {\n    getLiveEndpointTraffic(minutes: $minutes) {\n      from\n      to\n      minutes { minute requests refusals }\n      endpoints { endpoint requests refusals lastCallAt }\n      refusalReasons { reason refusals lastRefusalAt }\n      recentRefusals { at endpoint reason datafileId keyKind source origin }\n    }\n  }\n"): typeof import('./graphql').GetLiveEndpointTrafficDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getOutboxSummary {\n    getOutboxSummary { pending failed sentLastDay oldestPendingAt smtpConfigured }\n  }\n"): typeof import('./graphql').GetOutboxSummaryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getOutboxMails($status: MailStatus, $paginationInfo: PageInput) {\n    getOutboxMails(status: $status, paginationInfo: $paginationInfo) {\n      mails { id to subject template locale status attempts lastError createdAt sentAt }\n      pageInfo { page limit total }\n    }\n  }\n"): typeof import('./graphql').GetOutboxMailsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getSystemSize {\n    getSystemSize {\n      database { kind pageCount pageSize bytes freeBytes walBytes }\n      storage { kind bytes objects folders { prefix bytes objects } measuredAt }\n    }\n  }\n"): typeof import('./graphql').GetSystemSizeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation resendOutboxMail($mailId: ID!) {\n    resendOutboxMail(mailId: $mailId) { status message }\n  }\n"): typeof import('./graphql').ResendOutboxMailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation retryJob($jobId: ID!) {\n    retryJob(jobId: $jobId) { status message }\n  }\n"): typeof import('./graphql').RetryJobDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getNotificationsForLoggedinUser {\n    getNotificationsForLoggedinUser {\n      id\n      title\n      description\n      event\n      params\n      url\n      readed\n      createdDate\n      type\n    }\n  }\n"): typeof import('./graphql').GetNotificationsForLoggedinUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation markNotificationAsReaded($notificationId: ID!) {\n    markNotificationAsReaded(notificationId: $notificationId) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').MarkNotificationAsReadedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getDatafileReport($datafileId: ID!, $password: String) {\n    getDatafileReport(datafileId: $datafileId, password: $password) {\n      access\n      canEdit\n      settings {\n        datafileId\n        clientName\n        clientLogo\n        showScoreDetails\n        shortFormat\n        passwordProtected\n        hasPassword\n        isPublished\n        link\n      }\n      report {\n        datafileTitle\n        companyName\n        clientName\n        clientLogo\n        showScoreDetails\n        shortFormat\n        certificateCode\n        certificateLevel\n        certifiedAt\n        revision\n        scoringVersion\n        cleanedAt\n        recordsBefore\n        recordsAfter\n        recordsRemoved\n        targetAverage\n        averages {\n          key\n          before\n          after\n        }\n        sampleScores {\n          key\n          before\n          after\n        }\n        exclusions {\n          quotaCleaning\n          scoreThreshold\n          targetSample\n          manual\n          duplicate\n        }\n        removedByReason {\n          reason\n          group\n          count\n        }\n        bySource {\n          source\n          interviews\n          removed\n          reasons {\n            reason\n            count\n          }\n        }\n        distribution {\n          edges\n          before\n          after\n          unscoredBefore\n          unscoredAfter\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').GetDatafileReportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation updateDatafileReportSettings($datafileId: ID!, $settings: DatafileReportSettingsInput!) {\n    updateDatafileReportSettings(datafileId: $datafileId, settings: $settings) {\n      datafileId\n      isPublished\n      hasPassword\n    }\n  }\n"): typeof import('./graphql').UpdateDatafileReportSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getReportLogoUploadURL($datafileId: ID!, $imageKey: String!) {\n    getReportLogoUploadURL(datafileId: $datafileId, imageKey: $imageKey) {\n      signedUrl\n      imagePath\n    }\n  }\n"): typeof import('./graphql').GetReportLogoUploadUrlDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getDatafileDuplicates($datafileId: ID!) {\n    datafileDuplicates(datafileId: $datafileId) {\n      windowDays velocitySurveys velocityDays interviewsWithIdentity\n      duplicates { recordId kind matchDatafileId matchDatafileTitle matchRecordId matchSeenAt }\n      velocity { recordId kind surveys }\n      sources { source interviews duplicates velocity }\n      removals { source interviews removed reasons { reason count } }\n    }\n  }\n"): typeof import('./graphql').GetDatafileDuplicatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getDatafileResult($datafileId: ID!) {\n    getDatafile(datafileId: $datafileId) {\n      id title status importType certificateLevel cost numberOfRecords numberOfCleanedRecords isCleaned meanCombinedScore\n      revision scoringVersion qualityScores scoreColumns rawColumns createdDate\n      weightingMethod { datafileWeighting { key value } }\n      coherence { asked judged failed }\n      owner { id name }\n      uploadedBy { id name date }\n      dataPoints { dataPointIdentifier dataPointType questionTitle columns role unit scaleMin scaleMax }\n    }\n    getDataRecordSummaryForDatafile(datafileId: $datafileId) {\n      totalNumberOfDataRecords numberOfDataRecordsWithValidScore numberOfDataRecordsWithInvalidScore numberOfExcludedDataRecords numberOfIncludedDataRecords\n    }\n  }\n"): typeof import('./graphql').GetDatafileResultDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getClearLocalStorage {\n    getClearLocalStorage {\n      value\n      updatedAt\n    }\n  }\n"): typeof import('./graphql').GetClearLocalStorageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getStatsOrganizations($search: String, $page: PageInput) {\n    getCompanies(search: $search, sortBy: NAME, page: $page) {\n      companies { id name isActivated }\n      pageInfo { total }\n    }\n  }\n"): typeof import('./graphql').GetStatsOrganizationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getUsageStatsByMonth($filters: UsageStatsFilters!, $sortBy: UsageStatsSortField, $sortDirection: SortDirection, $paginationInfo: PageInput) {\n    getUsageStatsByMonth(filters: $filters, sortBy: $sortBy, sortDirection: $sortDirection, paginationInfo: $paginationInfo) {\n      months {\n        month\n        numberOfOrganizations\n        numberOfDatafiles\n        numberOfLiveDatafiles\n        numberOfManualDatafiles\n        numberOfDataRecords\n        numberOfLiveDataRecords\n        numberOfManualDataRecords\n        creditsUsed\n        creditsRefunded\n      }\n      totals {\n        numberOfOrganizations\n        numberOfDatafiles\n        numberOfLiveDatafiles\n        numberOfManualDatafiles\n        numberOfDataRecords\n        numberOfLiveDataRecords\n        numberOfManualDataRecords\n        creditsUsed\n        creditsRefunded\n      }\n      rows {\n        month\n        organization { id name }\n        numberOfDatafiles\n        numberOfLiveDatafiles\n        numberOfManualDatafiles\n        numberOfDataRecords\n        numberOfLiveDataRecords\n        numberOfManualDataRecords\n        creditsUsed\n        creditsRefunded\n      }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n"): typeof import('./graphql').GetUsageStatsByMonthDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getUsageStatsCsv($view: UsageStatsView!, $filters: UsageStatsFilters!, $sortBy: UsageStatsSortField, $sortDirection: SortDirection) {\n    getUsageStatsCsv(view: $view, filters: $filters, sortBy: $sortBy, sortDirection: $sortDirection) {\n      fileName\n      content\n    }\n  }\n"): typeof import('./graphql').GetUsageStatsCsvDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation changeDatafileUploadingProgressStatus($datafileInputObject: DatafileProgressInput!, $selectedColumns: [SelectedColumnInput!], $creditAmount: Int!, $status: DatafileStatus!) {\n    changeDatafileUploadingProgressStatus(datafileInputObject: $datafileInputObject, selectedColumns: $selectedColumns, creditAmount: $creditAmount, status: $status) { status message }\n  }\n"): typeof import('./graphql').ChangeDatafileUploadingProgressStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation createDraftDatafile($datafileInput: DatafileInput!) {\n    createDraftDatafile(datafileInput: $datafileInput) { status message datafileId }\n  }\n"): typeof import('./graphql').CreateDraftDatafileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getDatafileUploadURL($fileName: String!, $companyId: ID!) {\n    getDatafileUploadURL(fileName: $fileName, companyId: $companyId) { signedUrl datafileKey expiresAt maxBytes format }\n  }\n"): typeof import('./graphql').GetDatafileUploadUrlDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getDatafileUploadingProgress($datafileId: ID!) {\n    getDatafileUploadingProgress(datafileId: $datafileId) {\n      datafileId title status\n      upload { kind status progress revision numberOfRecords chargedRecords creditsCharged creditEstimate error { code reason message column rows } }\n      metadata { numberOfRecords numberOfValidRecords numberOfInvalidRecords numberOfDatapoints numberOfQualityScores qualityScores cost revision }\n    }\n  }\n"): typeof import('./graphql').GetDatafileUploadingProgressDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getDraftedDatafile($datafileId: ID!) {\n    getDraftedDatafile(datafileId: $datafileId) {\n      id name createdDate status revision\n      company { id name }\n      owner { id name }\n      datapointsMetadata {\n        dataPointIdentifier dataPointType isRowNumber questionTitle isEnableCopyPasteCheck startingQuestion\n        algorithms { IS PS SDS TS IBS CS OES } pageNumber pageTitle columns role unit dateOrder scaleMin scaleMax\n        isRandomised keywords languages isEnableDuplicateCheck isEnableWrongTopicCheck numberOfOptions\n      }\n      upload {\n        uploadId kind status progress revision datafileKey fileName fileSize format sheetName headerRow dataRecordStartRow lastDataRow missingValues creditEstimate\n        error { code reason message column rows }\n      }\n    }\n  }\n"): typeof import('./graphql').GetDraftedDatafileDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getSheetNames($datafileKey: String!, $companyId: ID!) {\n    getSheetNames(datafileKey: $datafileKey, companyId: $companyId)\n  }\n"): typeof import('./graphql').GetSheetNamesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getUploadCheck($datafileId: ID!) {\n    getUploadCheck(datafileId: $datafileId) {\n      state progress\n      issues { code reason message column rows columns }\n      estimate { numberOfRecords newRecords creditAmount creditsAllRecords numberOfDatapoints availableCredits hasPayAsUsagePlan isBalanceEnough }\n    }\n  }\n"): typeof import('./graphql').GetUploadCheckDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getUploadPreview($datafileId: ID!) {\n    getUploadPreview(datafileId: $datafileId) {\n      sampledRows\n      source { format sheetName headerRow dataRecordStartRow lastDataRow delimiter encoding isQualtrics }\n      columns { index name label suggestedType basis group withdrawnBecause valueLabels { value label } stats { filled missing numeric integers min max distinct meanTextLength } }\n      rows { number cells missing }\n      rawRows { number cells }\n      layout { headerRow dataRecordStartRow lastDataRow labelRow kind notSurveyData notSurveyDataMessage }\n      readingIssues { code reason message column rows }\n      suggestionIssues { code reason message column rows }\n      gridCandidates { id columns scaleMin scaleMax }\n      missingValueSuggestions { value columns count }\n      suggestedColumns {\n        dataPointIdentifier dataPointType isRowNumber questionTitle isEnableCopyPasteCheck startingQuestion\n        algorithms { IS PS SDS TS IBS CS OES } pageNumber pageTitle columns role unit dateOrder scaleMin scaleMax\n        isRandomised keywords languages isEnableDuplicateCheck isEnableWrongTopicCheck numberOfOptions\n      }\n    }\n  }\n"): typeof import('./graphql').GetUploadPreviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation saveDraftDatafileColumns($datafileId: ID!, $selectedColumns: [SelectedColumnInput!]!) {\n    saveDraftDatafileColumns(datafileId: $datafileId, selectedColumns: $selectedColumns) {\n      state progress\n      issues { code reason message column rows columns }\n      estimate { numberOfRecords newRecords creditAmount creditsAllRecords numberOfDatapoints availableCredits hasPayAsUsagePlan isBalanceEnough }\n    }\n  }\n"): typeof import('./graphql').SaveDraftDatafileColumnsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation deleteUser($userId: ID!) {\n    deleteUser(userId: $userId) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').DeleteUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getCompanyUsers($companyId: ID!) {\n    getCompanyUsers(companyId: $companyId) {\n      id\n      name { first last }\n      email\n      image\n      accessLevel\n      status\n      apiKey { hint createdAt }\n      isOwner\n      numberOfImports\n    }\n  }\n"): typeof import('./graphql').GetCompanyUsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getUserAvatarUploadURL($imageKey: String!, $userId: ID!) {\n    getUserAvatarUploadURL(imageKey: $imageKey, userId: $userId) {\n      signedUrl\n      imageUrl\n      expiresAt\n    }\n  }\n"): typeof import('./graphql').GetUserAvatarUploadUrlDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation inviteUserForSpecificCompany($newUser: NewUserInput!, $companyId: ID!) {\n    inviteUserForSpecificCompany(newUser: $newUser, companyId: $companyId) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').InviteUserForSpecificCompanyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query me {\n    me {\n      sessionExpiresAt\n      companyId\n      user {\n        id\n        name { first last }\n        email\n        image\n        accessLevel\n        status\n        apiKey { hint createdAt }\n        isOwner\n        locale\n        watchGetStarted\n        watchNPS\n        company { id name image isActivated }\n      }\n    }\n  }\n"): typeof import('./graphql').MeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation regenerateMagicKey($userId: ID!) {\n    regenerateMagicKey(userId: $userId) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').RegenerateMagicKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation resendUserInvitation($userId: ID!) {\n    resendUserInvitation(userId: $userId) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').ResendUserInvitationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation revokeMagicKey($userId: ID!) {\n    revokeMagicKey(userId: $userId) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').RevokeMagicKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation updateGetStarted($userId: ID!) {\n    updateGetStarted(userId: $userId) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').UpdateGetStartedDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation updateMyLocale($locale: Locale!) {\n    updateMyLocale(locale: $locale) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').UpdateMyLocaleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation updateNPS($userId: ID!, $nextNPSDate: String) {\n    updateNPS(userId: $userId, nextNPSDate: $nextNPSDate) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').UpdateNpsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation updateUser($userToUpdate: UpdateUserInput!) {\n    updateUser(userToUpdate: $userToUpdate) {\n      status\n      message\n    }\n  }\n"): typeof import('./graphql').UpdateUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getCleaningAuditTrail($datafileId: ID!, $page: PageInput) {\n    getCleaningAuditTrail(datafileId: $datafileId, page: $page) {\n      entries { id at action revision recordId reason userName detail }\n      pageInfo { page limit total previousPage nextPage }\n    }\n  }\n"): typeof import('./graphql').GetCleaningAuditTrailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query getDatafileCleaningSettings($datafileId: ID!) {\n    getDatafileCleaningSettings(datafileId: $datafileId) {\n      datafileId title status importType revision scoringVersion numberOfRecords isCleaned numberOfCleanedRecords\n      certificateLevel certificateCode cleaningMethod targetSampleSize qualityScores groupingColumns savedAt savedBy\n      minFailingChecks\n      scoreThresholds { key name isEnable threshold minDataPoints }\n      badAnswers { isEnable min }\n      quotaSetting { column rename show options { value label target } }\n      duplicateRule { isEnable keep windowDays velocitySurveys velocityDays }\n      manualDecisions { recordId decision }\n      weightingMethod { datafileWeighting { key value name } projectiveQuestionsWeighting { dataPointIdentifier algorithms apply } }\n    }\n  }\n"): typeof import('./graphql').GetDatafileCleaningSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation updateCleaningSettings($datafileId: ID!, $cleaningSettings: CleaningSettingsInput!) {\n    updateCleaningSettings(datafileId: $datafileId, cleaningSettings: $cleaningSettings) {\n      status message numberOfRecords numberOfCleanedRecords removedByReason certificateLevel certificateCode scoringVersion\n    }\n  }\n"): typeof import('./graphql').UpdateCleaningSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query worksheetDuplicates($datafileId: ID!, $windowDays: Int, $velocitySurveys: Int, $velocityDays: Int) {\n    datafileDuplicates(datafileId: $datafileId, windowDays: $windowDays, velocitySurveys: $velocitySurveys, velocityDays: $velocityDays) {\n      interviewsWithIdentity\n      duplicates { recordId seenAt kind matchDatafileId matchDatafileTitle matchRecordId matchSeenAt }\n      velocity { recordId }\n      recordSources { recordId source }\n    }\n  }\n"): typeof import('./graphql').WorksheetDuplicatesDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
