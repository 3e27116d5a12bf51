/** A file as a form or the API hands it to the domain (e-ticket PDFs, listing proofs, chat images). */
export interface UploadedFile {
  name: string;
  type: string;
  bytes: ArrayBuffer | Uint8Array;
}
