// The slot's fields, named alike where a slot is published, shown and edited.
export const CAPACITY = 'عدد الأماكن';
export const PLACE = 'المكان';
