import { Injectable } from '@nestjs/common';
import {
  AddVersion, CheckEditable, CheckUploadTarget, CreateDirectory, DeleteAnnotation, DeleteItem, DownloadUrl, ExportAnnotatedPdf, GetEmailAttachment, FetchFile, GetAnnotation, GetDetails, ListLibrary, MoveItem, RecordPrint, RegisterFile, ReleaseFiles, RenameItem, ResolveFiles, FileVersions, SaveAnnotation, SearchLibrary, SetFavorite, SharedWithList, ShareItem,
  StartConversion, Unshare, UseFiles, StartAnnotatedExport, GetAnnotatedExport, type RequestOf,
} from '@app/contracts';
import { Rpc } from '@app/platform';
import { LibraryService } from './library.service';

/** RPC handlers of the library: each calls one use case. */
@Injectable()
export class LibraryHandlers {
  constructor(private readonly library: LibraryService) {}

  @Rpc(ListLibrary) list(r: RequestOf<typeof ListLibrary>) { return this.library.list(r); }
  @Rpc(SearchLibrary) search(r: RequestOf<typeof SearchLibrary>) { return this.library.search(r); }
  @Rpc(GetDetails) details(r: RequestOf<typeof GetDetails>) { return this.library.details(r); }
  @Rpc(CreateDirectory) createDirectory(r: RequestOf<typeof CreateDirectory>) { return this.library.createDirectory(r); }
  @Rpc(RenameItem) rename(r: RequestOf<typeof RenameItem>) { return this.library.rename(r); }
  @Rpc(MoveItem) move(r: RequestOf<typeof MoveItem>) { return this.library.move(r); }
  @Rpc(DeleteItem) delete(r: RequestOf<typeof DeleteItem>) { return this.library.delete(r); }
  @Rpc(CheckUploadTarget) checkUploadTarget(r: RequestOf<typeof CheckUploadTarget>) { return this.library.checkUploadTarget(r); }
  @Rpc(RegisterFile) registerFile(r: RequestOf<typeof RegisterFile>) { return this.library.registerFile(r); }
  @Rpc(CheckEditable) checkEditable(r: RequestOf<typeof CheckEditable>) { return this.library.checkEditable(r); }
  @Rpc(AddVersion) addVersion(r: RequestOf<typeof AddVersion>) { return this.library.addVersion(r); }
  @Rpc(FetchFile) fetch(r: RequestOf<typeof FetchFile>) { return this.library.fetch(r); }
  @Rpc(DownloadUrl) downloadUrl(r: RequestOf<typeof DownloadUrl>) { return this.library.downloadUrl(r); }
  @Rpc(ExportAnnotatedPdf) exportAnnotated(r: RequestOf<typeof ExportAnnotatedPdf>) { return this.library.exportAnnotated(r); }
  @Rpc(StartAnnotatedExport) startAnnotatedExport(r: RequestOf<typeof StartAnnotatedExport>) { return this.library.startAnnotatedExport(r); }
  @Rpc(GetAnnotatedExport) annotatedExport(r: RequestOf<typeof GetAnnotatedExport>) { return this.library.annotatedExport(r); }
  @Rpc(GetEmailAttachment) emailAttachment(r: RequestOf<typeof GetEmailAttachment>) { return this.library.emailAttachment(r); }
  @Rpc(RecordPrint) recordPrint(r: RequestOf<typeof RecordPrint>) { return this.library.recordPrint(r); }
  @Rpc(StartConversion) startConversion(r: RequestOf<typeof StartConversion>) { return this.library.startConversion(r); }
  @Rpc(ResolveFiles) resolve(r: RequestOf<typeof ResolveFiles>) { return this.library.resolve(r); }
  @Rpc(FileVersions) versions(r: RequestOf<typeof FileVersions>) { return this.library.versions(r); }
  @Rpc(UseFiles) useFiles(r: RequestOf<typeof UseFiles>) { return this.library.useFiles(r); }
  @Rpc(ReleaseFiles) releaseFiles(r: RequestOf<typeof ReleaseFiles>) { return this.library.releaseFiles(r); }
  @Rpc(ShareItem) share(r: RequestOf<typeof ShareItem>) { return this.library.share(r); }
  @Rpc(SharedWithList) sharedWith(r: RequestOf<typeof SharedWithList>) { return this.library.sharedWithList(r); }
  @Rpc(Unshare) unshare(r: RequestOf<typeof Unshare>) { return this.library.unshare(r); }
  @Rpc(SetFavorite) setFavorite(r: RequestOf<typeof SetFavorite>) { return this.library.setFavorite(r); }
  @Rpc(GetAnnotation) getAnnotation(r: RequestOf<typeof GetAnnotation>) { return this.library.annotation(r, 'get'); }
  @Rpc(SaveAnnotation) saveAnnotation(r: RequestOf<typeof SaveAnnotation>) { return this.library.annotation(r, 'save', r.annotation); }
  @Rpc(DeleteAnnotation) deleteAnnotation(r: RequestOf<typeof DeleteAnnotation>) { return this.library.annotation(r, 'delete'); }
}
