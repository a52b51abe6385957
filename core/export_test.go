package core

// ChangedInTables and ChangedInOneDocumentSet let the external tests
// check the fast path of ChangedDocuments against the general one.
var (
	ChangedInTables         = changedInTables
	ChangedInOneDocumentSet = changedInOneDocumentSet
)
