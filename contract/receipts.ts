/** The texts a receipt's upload and its signed link answer with (their codes `receipt.*`, `upload.*`), shared with the web. */
export const receiptMessages = {
  required: 'Please upload your payment receipt',
  wrongType: 'Please upload a JPG, PNG, or PDF file',
  tooLarge: 'Please upload a file smaller than 5MB',
  urlRequired: 'The image URL is required.',
  urlInvalid: 'Please enter a valid http(s) URL.',
  linkInvalid: 'This receipt link is invalid or has expired.',
  notAvailable: 'Receipt is not available for this payment.',
} as const;

export const uploadMessages = {
  notMultipart: 'Please send the form as multipart/form-data.',
  unreadable: 'The form could not be read. Please try again.',
  stalled: 'The upload stopped before the file arrived. Please try again.',
  tooSlow: 'The upload took too long to arrive. Please try again on a better connection.',
  busy: 'Many receipts are being uploaded just now. Please try again in a moment.',
} as const;
