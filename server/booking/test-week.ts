// For the booking tests (availability.test.ts, slots.test.ts): the working
// week of the sample settings (availability.yaml), as the settings file writes it.

/** Monday to Thursday 9:00-17:00 with an hour for lunch, Friday 9:00-13:00, the weekend off. */
export const sampleWeek = {
  monday: ['09:00-12:00', '13:00-17:00'],
  tuesday: ['09:00-12:00', '13:00-17:00'],
  wednesday: ['09:00-12:00', '13:00-17:00'],
  thursday: ['09:00-12:00', '13:00-17:00'],
  friday: ['09:00-13:00'],
  saturday: [],
  sunday: [],
}
