/**
 * Demo content for an empty database (SEED_DEMO=true): twelve realistic deals in Nevada and
 * California. Amounts in whole dollars, LTV and rates in percent, terms in months, acreage in
 * acres. `image` names a file in `demo-images/`. Each deal also tells investors its lien
 * position, the loan's purpose, the borrower's experience, the exit strategy and its risk
 * factors (issue "Investing").
 */
export interface DemoDeal {
  title: string;
  location: string;
  type: string;
  description: string;
  acreage: number;
  loanAmount: number;
  ltv: number;
  termMonths: number;
  interestRate: number;
  minimumInvestment: number;
  sponsor: string;
  status: 'Active' | 'Closed';
  lat: number;
  lng: number;
  images: string[];
  lienPosition: 'first' | 'second';
  loanPurpose: string;
  borrowerExperience: string;
  exitStrategy: string;
  /** Two to four, each one line. */
  riskFactors: string[];
}

export const demoDeals: DemoDeal[] = [
  {
    title: 'Washoe Valley Estates',
    location: 'Reno, NV',
    type: 'Residential Development',
    description:
      'First-position bridge loan for the final phase of a 24-lot subdivision in south Reno. Entitlements, wet utilities and paved roads are complete; proceeds fund vertical construction of the last eight homes, with four already under contract.',
    acreage: 11.4,
    loanAmount: 2_850_000,
    ltv: 58,
    termMonths: 18,
    interestRate: 10.5,
    minimumInvestment: 50_000,
    sponsor: 'High Desert Homebuilders',
    status: 'Active',
    lat: 39.4699,
    lng: -119.7805,
    images: ['deal-residential-1.webp', 'deal-residential-2.webp'],
    lienPosition: 'first',
    loanPurpose: 'Vertical construction of the last eight homes in the subdivision, released in draws against completed work.',
    borrowerExperience:
      'High Desert Homebuilders has built more than 140 homes in Washoe County since 2014, including the first two phases of this subdivision.',
    exitStrategy:
      'Repayment from home sales; four of the eight homes are already under contract, and release prices repay the loan by the sixth sale.',
    riskFactors: [
      'Construction costs may rise above the budget; the loan carries a 5% contingency.',
      'Slower sales in the Reno market would lengthen the hold and the interest paid from the reserve.',
      'Buyers under contract may cancel before closing.',
    ],
  },
  {
    title: 'Carson Street Mixed-Use',
    location: 'Carson City, NV',
    type: 'Mixed Use',
    description:
      'Acquisition and light renovation of a two-story downtown building with three ground-floor retail suites and six apartments above. The sponsor holds signed leases on two suites; the loan carries a six-month interest reserve.',
    acreage: 0.4,
    loanAmount: 1_650_000,
    ltv: 55,
    termMonths: 12,
    interestRate: 10,
    minimumInvestment: 25_000,
    sponsor: 'Capitol Row Partners',
    status: 'Active',
    lat: 39.1638,
    lng: -119.7674,
    images: ['deal-mixed-1.webp', 'deal-mixed-2.webp'],
    lienPosition: 'second',
    loanPurpose:
      "Acquisition and light renovation of a downtown retail and apartment building, behind a bank's first deed of trust.",
    borrowerExperience: 'Capitol Row Partners owns and manages eleven mixed-use buildings in Carson City and Reno.',
    exitStrategy: 'Refinance of both liens into one agency loan once the vacant retail suite is leased and rents are stabilised.',
    riskFactors: [
      "This is a second deed of trust: the bank's first loan is repaid before this one in a foreclosure.",
      'The refinance depends on leasing the third retail suite.',
      'A rise in interest rates could reduce the refinance amount.',
    ],
  },
  {
    title: 'Summerlin Fix & Flip Portfolio',
    location: 'Las Vegas, NV',
    type: 'Residential',
    description:
      'A cross-collateralised loan on four single-family homes in Summerlin purchased below market. Funds cover purchase and a documented renovation budget released in draws after inspection.',
    acreage: 1.1,
    loanAmount: 1_240_000,
    ltv: 60,
    termMonths: 12,
    interestRate: 11,
    minimumInvestment: 25_000,
    sponsor: 'Red Rock Renovations',
    status: 'Active',
    lat: 36.1699,
    lng: -115.3207,
    images: ['deal-residential-3.webp', 'deal-residential-1.webp'],
    lienPosition: 'first',
    loanPurpose: 'Purchase of four single-family homes and a documented renovation budget released in draws after inspection.',
    borrowerExperience: 'Red Rock Renovations has completed 38 renovations in the Las Vegas valley over the last five years.',
    exitStrategy: 'Sale of each renovated home; a partial release is paid as each one sells.',
    riskFactors: [
      'Renovations may take longer or cost more than planned.',
      'Home prices in Summerlin may soften before the homes are sold.',
    ],
  },
  {
    title: 'Sparks Industrial Flex',
    location: 'Sparks, NV',
    type: 'Commercial Property',
    description:
      'Refinance of a 42,000 sq ft flex-industrial building near the Tahoe Reno Industrial Center corridor, 92% leased to nine tenants. The loan retires a maturing bank note while the sponsor completes a sale.',
    acreage: 3.2,
    loanAmount: 3_900_000,
    ltv: 52,
    termMonths: 24,
    interestRate: 9.5,
    minimumInvestment: 50_000,
    sponsor: 'Truckee Meadows Industrial',
    status: 'Active',
    lat: 39.5349,
    lng: -119.7527,
    images: ['deal-commercial-1.webp', 'deal-commercial-2.webp'],
    lienPosition: 'first',
    loanPurpose: 'Refinance of a maturing bank note on a 92%-leased flex-industrial building.',
    borrowerExperience: 'Truckee Meadows Industrial has owned and operated industrial property in northern Nevada for 20 years.',
    exitStrategy: 'Sale of the building; the sponsor is marketing it to investors, with a refinance as the fallback.',
    riskFactors: [
      'The sale may take longer than the 24-month term.',
      "Two tenants' leases expire during the term.",
      'Industrial vacancy in the region could rise.',
    ],
  },
  {
    title: 'Sacramento Midtown Lofts',
    location: 'Sacramento, CA',
    type: 'Residential Complex',
    description:
      'Bridge financing for a 16-unit loft building in Midtown while the sponsor completes unit turns and stabilises rents ahead of an agency refinance.',
    acreage: 0.6,
    loanAmount: 4_200_000,
    ltv: 62,
    termMonths: 18,
    interestRate: 10,
    minimumInvestment: 50_000,
    sponsor: 'Capital Corridor Living',
    status: 'Active',
    lat: 38.5733,
    lng: -121.4795,
    images: ['deal-residential-2.webp', 'deal-mixed-2.webp'],
    lienPosition: 'first',
    loanPurpose: 'Bridge financing while the sponsor completes unit turns and stabilises rents.',
    borrowerExperience:
      'Capital Corridor Living manages 600 apartments in the Sacramento region and has stabilised four similar buildings.',
    exitStrategy: 'Agency refinance once occupancy reaches 90% for three months.',
    riskFactors: [
      'Rents may not rise as planned, which would lower the refinance amount.',
      'Local rent rules may limit increases on occupied units.',
      'Unit turns may take longer than scheduled.',
    ],
  },
  {
    title: 'Henderson Retail Plaza',
    location: 'Henderson, NV',
    type: 'Commercial Plaza',
    description:
      'A neighbourhood retail centre anchored by a regional grocer. Loan proceeds fund a façade upgrade and tenant improvements for two vacant pads with letters of intent in hand.',
    acreage: 5.8,
    loanAmount: 5_400_000,
    ltv: 57,
    termMonths: 36,
    interestRate: 9.75,
    minimumInvestment: 100_000,
    sponsor: 'Silver State Retail Group',
    status: 'Active',
    lat: 36.0395,
    lng: -114.9817,
    images: ['deal-commercial-2.webp', 'deal-commercial-1.webp'],
    lienPosition: 'first',
    loanPurpose: 'Façade upgrade and tenant improvements for two vacant pads at a grocery-anchored centre.',
    borrowerExperience: 'Silver State Retail Group owns six neighbourhood centres in Clark County.',
    exitStrategy: 'Refinance with a life-company lender once the two pads are leased and open.',
    riskFactors: [
      'The letters of intent for the two pads are not binding leases.',
      "The grocer's lease allows it to leave in year four.",
      'Higher rates could reduce the refinance amount.',
    ],
  },
  {
    title: 'Truckee River Land Assemblage',
    location: 'Verdi, NV',
    type: 'Land',
    description:
      'Land acquisition loan for three contiguous parcels along the Truckee River corridor, zoned for low-density residential. The sponsor is pursuing a tentative map; the loan is sized at a conservative share of the as-is appraisal.',
    acreage: 38.5,
    loanAmount: 1_100_000,
    ltv: 45,
    termMonths: 24,
    interestRate: 11.5,
    minimumInvestment: 25_000,
    sponsor: 'Sierra Gateway Land Co.',
    status: 'Active',
    lat: 39.5182,
    lng: -119.9888,
    images: ['deal-land-1.webp', 'deal-land-2.webp'],
    lienPosition: 'first',
    loanPurpose: 'Acquisition of three contiguous riverside parcels while the sponsor pursues a tentative map.',
    borrowerExperience: 'Sierra Gateway Land Co. has entitled and sold four residential sites in Washoe County.',
    exitStrategy: 'Sale of the entitled land to a homebuilder, or a refinance into a construction loan.',
    riskFactors: [
      'Land produces no income: interest is paid from a reserve and by the sponsor.',
      'The tentative map may be delayed or denied.',
      'Land values move more than those of built property.',
    ],
  },
  {
    title: 'Fresno Self Storage Expansion',
    location: 'Fresno, CA',
    type: 'Commercial Property',
    description:
      'Construction loan for 180 climate-controlled units added to an existing 92%-occupied storage facility. Draws are released against completed work verified by third-party inspection.',
    acreage: 4.1,
    loanAmount: 2_300_000,
    ltv: 59,
    termMonths: 18,
    interestRate: 10.25,
    minimumInvestment: 50_000,
    sponsor: 'Central Valley Storage Partners',
    status: 'Active',
    lat: 36.7378,
    lng: -119.7871,
    images: ['deal-commercial-1.webp', 'deal-land-1.webp'],
    lienPosition: 'first',
    loanPurpose: 'Construction of 180 climate-controlled units added to an operating storage facility.',
    borrowerExperience: 'Central Valley Storage Partners operates nine storage facilities in the Central Valley.',
    exitStrategy: 'Refinance with a bank once the new units reach 80% occupancy.',
    riskFactors: [
      'Construction may take longer or cost more than planned.',
      'The new units may fill more slowly than projected.',
    ],
  },
  {
    title: 'Lake Tahoe Cabin Renovation',
    location: 'South Lake Tahoe, CA',
    type: 'Residential',
    description:
      'Purchase and renovation of a four-bedroom cabin near Heavenly Village for resale. The borrower has completed eleven similar projects in the basin.',
    acreage: 0.3,
    loanAmount: 780_000,
    ltv: 55,
    termMonths: 9,
    interestRate: 11,
    minimumInvestment: 25_000,
    sponsor: 'Alpine Crest Builders',
    status: 'Closed',
    lat: 38.9399,
    lng: -119.9772,
    images: ['deal-residential-3.webp', 'deal-land-2.webp'],
    lienPosition: 'second',
    loanPurpose:
      "Renovation of a four-bedroom cabin near Heavenly Village for resale, behind the purchase lender's first deed of trust.",
    borrowerExperience: 'Alpine Crest Builders has completed eleven similar projects in the Tahoe basin.',
    exitStrategy: 'Sale of the renovated cabin (completed: the loan repaid at month 8).',
    riskFactors: ['This was a second deed of trust behind the purchase loan.', 'Winter weather could delay the work.'],
  },
  {
    title: 'Minden Office Conversion',
    location: 'Minden, NV',
    type: 'Office Building',
    description:
      'Conversion of a vacant two-story office building into medical suites. The loan repaid in full at month 14 on sale to an owner-user.',
    acreage: 1.2,
    loanAmount: 1_950_000,
    ltv: 58,
    termMonths: 18,
    interestRate: 10.5,
    minimumInvestment: 50_000,
    sponsor: 'Carson Valley Commercial',
    status: 'Closed',
    lat: 38.9541,
    lng: -119.7657,
    images: ['deal-commercial-2.webp', 'deal-mixed-1.webp'],
    lienPosition: 'first',
    loanPurpose: 'Conversion of a vacant two-story office building into medical suites.',
    borrowerExperience: 'Carson Valley Commercial has converted and sold five commercial buildings in Douglas County.',
    exitStrategy: 'Sale to an owner-user (completed: the loan repaid at month 14).',
    riskFactors: [
      'Medical tenants need specialised improvements that may cost more than planned.',
      'A sale to an owner-user may take time to find.',
    ],
  },
  {
    title: 'Roseville Townhome Infill',
    location: 'Roseville, CA',
    type: 'Residential Development',
    description:
      'Vertical construction of twelve townhomes on a fully entitled infill site near downtown Roseville. All units sold and the loan repaid ahead of term.',
    acreage: 1.9,
    loanAmount: 3_600_000,
    ltv: 61,
    termMonths: 24,
    interestRate: 10,
    minimumInvestment: 50_000,
    sponsor: 'Placer Urban Homes',
    status: 'Closed',
    lat: 38.7521,
    lng: -121.288,
    images: ['deal-residential-2.webp', 'deal-residential-1.webp'],
    lienPosition: 'first',
    loanPurpose: 'Vertical construction of twelve townhomes on a fully entitled infill site.',
    borrowerExperience: 'Placer Urban Homes has built over 200 townhomes in Placer County.',
    exitStrategy: 'Sale of the townhomes (completed: all sold and the loan repaid ahead of term).',
    riskFactors: ['Construction costs may rise above the budget.', 'Sales may slow if mortgage rates rise.'],
  },
  {
    title: 'Elko Mobile Home Park',
    location: 'Elko, NV',
    type: 'Mixed Use',
    description:
      'Acquisition of a 64-pad mobile home park with an on-site convenience store. The sponsor is infilling vacant pads and submetering utilities before refinancing with a long-term lender.',
    acreage: 14.7,
    loanAmount: 2_050_000,
    ltv: 54,
    termMonths: 36,
    interestRate: 10.75,
    minimumInvestment: 25_000,
    sponsor: 'Great Basin Communities',
    status: 'Active',
    lat: 40.8324,
    lng: -115.7631,
    images: ['deal-land-2.webp', 'deal-mixed-2.webp'],
    lienPosition: 'first',
    loanPurpose: 'Acquisition of a 64-pad mobile home park with an on-site convenience store.',
    borrowerExperience: 'Great Basin Communities owns five manufactured-housing communities in rural Nevada.',
    exitStrategy: 'Refinance with a long-term lender once vacant pads are filled and utilities are submetered.',
    riskFactors: [
      "Elko's economy depends on mining, and a downturn could raise vacancies.",
      'Infilling pads needs new homes, which may be slow to arrive.',
      'Submetering may take longer than planned.',
    ],
  },
];
