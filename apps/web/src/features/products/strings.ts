/** Words of the admin's Add a Product page (PRODUCT §3.8: adding and editing parts). */
import { PART_QUANTITY_MAX, UPLOAD_IMAGE_MAX_BYTES } from '@axle/contract/texts';

export const productsText = {
  addHeading: 'Add a part',
  editHeading: (name: string) => `Edit ${name}`,
  intro: 'New parts are listed first on the home page and on /parts as soon as they are added.',
  name: 'Part name',
  description: 'Description',
  picture: 'Picture',
  pictureHint: `Upload a PNG, JPEG, WebP or GIF of at most ${UPLOAD_IMAGE_MAX_BYTES / 1024 / 1024} MB, or give the path of a picture on this site.`,
  upload: 'Upload a picture',
  uploading: 'Uploading the picture',
  uploaded: 'Picture uploaded',
  wrongType: 'Choose a PNG, JPEG, WebP or GIF picture',
  tooBig: `The picture is larger than ${UPLOAD_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  imagePath: 'Picture path',
  imagePathHint: 'e.g. /images/parts/oil-filter.svg; leave empty for no picture',
  preview: 'Picture preview',
  availableQuantity: 'Available quantity',
  minimumQuantity: 'Minimum order quantity',
  quantityHint: `A whole number up to ${PART_QUANTITY_MAX.toLocaleString('en-US')}`,
  price: 'Price (USD)',
  priceHint: 'Dollars and cents, e.g. 18.50',
  add: 'Add Product',
  adding: 'Adding',
  save: 'Save changes',
  saving: 'Saving',
  cancelEdit: 'Cancel editing',
  added: (name: string) => `${name} was added to the catalogue`,
  saved: (name: string) => `${name} was updated`,

  retry: 'Try again',

  loadingPart: 'Loading the part',
  partLoadFailed: 'The part could not be loaded.',
  loadingCatalogueFields: 'Loading the catalogue fields',
  loadingVehiclePicker: 'Loading the vehicle picker',
} as const;
