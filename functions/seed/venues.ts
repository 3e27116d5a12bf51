/** The demo venues: where they are, their kind, and the seat map each is drawn with. */
import type { venues, venueSections } from "../db/schema";
import { CITIES } from "./places";
import {
  amphitheatreMap, arenaMap, clubMap, festivalGroundMap, inTheRoundMap, stadiumMap, theatreMap,
  type SeatMap, type VenueKind,
} from "../market/venues/seat-maps";

export type VenueRow = typeof venues.$inferInsert;
export type VenueSectionRow = typeof venueSections.$inferInsert;

type VenueSpec = {
  key: string;
  cityCode: string;
  nameEn: string;
  nameZh: string;
  addressEn: string;
  addressZh: string;
  kind: VenueKind;
  lat: number;
  lng: number;
  map: () => SeatMap;
};

export const VENUES: VenueSpec[] = [
  {
    key: "kai-tak", cityCode: "HKG", kind: "stadium", lat: 22.3223, lng: 114.2003,
    nameEn: "Kai Tak Stadium", nameZh: "啟德主場館",
    addressEn: "Kai Tak Sports Park, 38 Shing Kai Road, Kowloon City, Kowloon", addressZh: "九龍九龍城承啟道38號啟德體育園",
    map: () => stadiumMap({ lower: 20, middle: 24, upper: 28, seatPitch: 2.9 }),
  },
  {
    key: "asiaworld", cityCode: "HKG", kind: "arena", lat: 22.3225, lng: 113.9433,
    nameEn: "AsiaWorld-Arena", nameZh: "亞洲國際博覽館 Arena",
    addressEn: "AsiaWorld-Expo, 1 Airport Expo Boulevard, Chek Lap Kok, Lantau", addressZh: "大嶼山赤鱲角機場博覽館道1號亞洲國際博覽館",
    map: () => arenaMap({ lower: 14, upper: 18, seatPitch: 3.4 }),
  },
  {
    key: "coliseum", cityCode: "HKG", kind: "arena", lat: 22.3016, lng: 114.1822,
    nameEn: "Hong Kong Coliseum", nameZh: "香港體育館",
    addressEn: "9 Cheong Wan Road, Hung Hom, Kowloon", addressZh: "九龍紅磡暢運道9號",
    map: () => inTheRoundMap({ lower: 16, upper: 20, seatPitch: 3.3 }),
  },
  {
    key: "lyric", cityCode: "HKG", kind: "theatre", lat: 22.3003, lng: 114.1580,
    nameEn: "Lyric Theatre", nameZh: "演藝綜合劇場",
    addressEn: "Lyric Theatre Complex, West Kowloon Cultural District, 18 Museum Drive, Kowloon", addressZh: "九龍西九文化區博物館道18號演藝綜合劇場",
    map: () => theatreMap("theatre"),
  },
  {
    key: "cultural-centre", cityCode: "HKG", kind: "theatre", lat: 22.2938, lng: 114.1702,
    nameEn: "Hong Kong Cultural Centre Grand Theatre", nameZh: "香港文化中心大劇院",
    addressEn: "10 Salisbury Road, Tsim Sha Tsui, Kowloon", addressZh: "九龍尖沙咀梳士巴利道10號",
    map: () => theatreMap("theatre"),
  },
  {
    key: "harbourfront", cityCode: "HKG", kind: "park", lat: 22.2841, lng: 114.1620,
    nameEn: "Central Harbourfront Event Space", nameZh: "中環海濱活動空間",
    addressEn: "9 Lung Wo Road, Central, Hong Kong Island", addressZh: "香港中環龍和道9號",
    map: festivalGroundMap,
  },
  {
    key: "blue-tram", cityCode: "HKG", kind: "club", lat: 22.2815, lng: 114.1538,
    nameEn: "Blue Tram Jazz Club", nameZh: "藍電車爵士酒廊",
    addressEn: "2/F, 88 Wellington Street, Central, Hong Kong Island", addressZh: "香港中環威靈頓街88號2樓",
    map: clubMap,
  },
  {
    key: "galaxy", cityCode: "MFM", kind: "arena", lat: 22.1484, lng: 113.5536,
    nameEn: "Galaxy Arena", nameZh: "銀河綜藝館",
    addressEn: "Galaxy Macau, Estrada da Baía de Nossa Senhora da Esperança, Cotai", addressZh: "澳門路氹城望德聖母灣大馬路澳門銀河",
    map: () => arenaMap({ lower: 14, upper: 16, seatPitch: 3.6 }),
  },
  {
    key: "taipei-arena", cityCode: "TPE", kind: "arena", lat: 25.0515, lng: 121.5497,
    nameEn: "Taipei Arena", nameZh: "臺北小巨蛋",
    addressEn: "No. 2, Sec. 4, Nanjing East Road, Songshan District, Taipei", addressZh: "臺北市松山區南京東路四段2號",
    map: () => arenaMap({ lower: 12, upper: 16, seatPitch: 3.5 }),
  },
  {
    key: "national-stadium", cityCode: "SIN", kind: "stadium", lat: 1.3040, lng: 103.8746,
    nameEn: "Singapore National Stadium", nameZh: "新加坡國家體育場",
    addressEn: "1 Stadium Drive, Kallang, Singapore 397629", addressZh: "新加坡加冷體育場道1號",
    map: () => stadiumMap({ lower: 18, middle: 0, upper: 22, seatPitch: 2.4 }),
  },
  {
    key: "esplanade", cityCode: "SIN", kind: "hall", lat: 1.2897, lng: 103.8555,
    nameEn: "Esplanade Concert Hall", nameZh: "濱海藝術中心音樂廳",
    addressEn: "1 Esplanade Drive, Singapore 038981", addressZh: "新加坡濱海藝術中心道1號",
    map: () => theatreMap("hall"),
  },
  {
    key: "impact", cityCode: "BKK", kind: "arena", lat: 13.9120, lng: 100.5480,
    nameEn: "Impact Arena", nameZh: "曼谷Impact體育館",
    addressEn: "99 Popular Road, Ban Mai, Pak Kret, Nonthaburi", addressZh: "暖武里府北革縣班邁Popular路99號",
    map: () => arenaMap({ lower: 14, upper: 18, seatPitch: 3.5 }),
  },
  {
    key: "tokyo-dome", cityCode: "TYO", kind: "stadium", lat: 35.7056, lng: 139.7519,
    nameEn: "Tokyo Dome", nameZh: "東京巨蛋",
    addressEn: "1-3-61 Koraku, Bunkyo City, Tokyo", addressZh: "東京都文京區後樂1-3-61",
    map: () => stadiumMap({ lower: 18, middle: 0, upper: 24, seatPitch: 2.3 }),
  },
  {
    key: "kspo", cityCode: "SEL", kind: "arena", lat: 37.5197, lng: 127.1273,
    nameEn: "KSPO Dome", nameZh: "首爾KSPO巨蛋",
    addressEn: "424 Olympic-ro, Songpa-gu, Seoul", addressZh: "首爾特別市松坡區奧林匹克路424",
    map: () => arenaMap({ lower: 14, upper: 16, seatPitch: 3.6 }),
  },
  {
    key: "o2", cityCode: "LON", kind: "arena", lat: 51.5030, lng: 0.0032,
    nameEn: "The O2", nameZh: "倫敦O2體育館",
    addressEn: "Peninsula Square, London SE10 0DX", addressZh: "倫敦格林威治半島廣場 SE10 0DX",
    map: () => arenaMap({ lower: 16, upper: 20, seatPitch: 3.0 }),
  },
  {
    key: "drury-lane", cityCode: "LON", kind: "theatre", lat: 51.5129, lng: -0.1206,
    nameEn: "Theatre Royal Drury Lane", nameZh: "德魯里巷皇家劇院",
    addressEn: "Catherine Street, London WC2B 5JF", addressZh: "倫敦凱瑟琳街 WC2B 5JF",
    map: () => theatreMap("theatre"),
  },
  {
    key: "hollywood-bowl", cityCode: "LAX", kind: "park", lat: 34.1122, lng: -118.3391,
    nameEn: "Hollywood Bowl", nameZh: "荷里活露天劇場",
    addressEn: "2301 N Highland Ave, Los Angeles, CA 90068", addressZh: "洛杉磯北高地大道2301號 CA 90068",
    map: amphitheatreMap,
  },
];

/** The venues, their sections (ids in insertion order) and each venue's sections by key. */
export function demoVenues() {
  const venueRows: VenueRow[] = [];
  const sectionRows: VenueSectionRow[] = [];
  const sectionsByVenue = new Map<string, VenueSectionRow[]>();
  VENUES.forEach((spec, i) => {
    const id = i + 1;
    const city = CITIES.find((c) => c.code === spec.cityCode);
    if (!city) throw new Error(`unknown city ${spec.cityCode}`);
    const map = spec.map();
    const own: VenueSectionRow[] = map.sections.map((s, sort) => ({ ...s, id: sectionRows.length + sort + 1, venueId: id, sort }));
    sectionRows.push(...own);
    sectionsByVenue.set(spec.key, own);
    venueRows.push({
      id,
      cityCode: spec.cityCode,
      nameEn: spec.nameEn,
      nameZh: spec.nameZh,
      addressEn: spec.addressEn,
      addressZh: spec.addressZh,
      timeZone: city.timeZone,
      kind: spec.kind,
      capacity: own.reduce((sum, s) => sum + s.rows * s.seatsPerRow, 0),
      lat: Math.round(spec.lat * 1e6),
      lng: Math.round(spec.lng * 1e6),
      mapWidth: map.width,
      mapHeight: map.height,
    });
  });
  return { venues: venueRows, venueSections: sectionRows, sectionsByVenue, venueByKey: new Map(VENUES.map((v, i) => [v.key, venueRows[i]])) };
}
