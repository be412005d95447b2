// @ts-nocheck
// Generated from KATALOG_SCHEMA (src/katalog-schema.ts) by @orkestra/testenv's schemaCheckCode (Ajv standalone code): do not edit.
// After a change of the schema, run `UPDATE_SCHEMA_CHECKS=1 npx jest test/schema-check.test.ts` in the package.
const codePoints = (text) => [...text].length;
const schema11 = {"type":"object","required":["apiVersion","kind","spec"],"additionalProperties":false,"properties":{"apiVersion":{"const":"orkestra.io/v1alpha1"},"kind":{"const":"Katalog"},"metadata":{"type":"object","properties":{"name":{"type":"string"}}},"spec":{"type":"object","required":["crds"],"additionalProperties":false,"properties":{"crds":{"type":"array","minItems":1,"items":{"type":"object","required":["owner","resources"],"additionalProperties":false,"properties":{"owner":{"type":"object","required":["group","version","kind","plural"],"additionalProperties":false,"properties":{"group":{"type":"string","minLength":1},"version":{"type":"string","minLength":1},"kind":{"type":"string","pattern":"^[A-Z][A-Za-z0-9]*$"},"plural":{"type":"string","pattern":"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"},"namespaced":{"type":"boolean"}}},"resources":{"type":"object","additionalProperties":{"type":"object","additionalProperties":false,"properties":{"onCreate":{"type":"array","items":{"type":"object"}},"onReconcile":{"type":"array","items":{"type":"object"}},"onDelete":{"type":"array","items":{"type":"object"}}}}},"api":{"type":"object"},"status":{"type":"object","additionalProperties":false,"properties":{"fields":{"type":"object","additionalProperties":{"type":"string"}}}},"readiness":{"enum":["synced","children"]},"concurrency":{"type":"integer","minimum":1,"maximum":1000},"namespaces":{"type":"array","items":{"type":"string"}},"resyncPeriod":{"type":"string","pattern":"^\\d+(ms|s|m|h)$"},"finalizer":{"type":"string","pattern":"^[a-z0-9.-]+/[A-Za-z0-9._-]+$"},"fieldManager":{"type":"string","minLength":1},"events":{"type":"object","additionalProperties":false,"properties":{"initialCreate":{"type":"boolean"}}}}}}}}}};
const func2 = Object.prototype.hasOwnProperty;
const func3 = codePoints;
const pattern0 = new RegExp("^[A-Z][A-Za-z0-9]*$", "u");
const pattern1 = new RegExp("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", "u");
const pattern2 = new RegExp("^\\d+(ms|s|m|h)$", "u");
const pattern3 = new RegExp("^[a-z0-9.-]+/[A-Za-z0-9._-]+$", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((data.apiVersion === undefined) && (missing0 = "apiVersion")) || ((data.kind === undefined) && (missing0 = "kind"))) || ((data.spec === undefined) && (missing0 = "spec"))){
validate10.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((((key0 === "apiVersion") || (key0 === "kind")) || (key0 === "metadata")) || (key0 === "spec"))){
validate10.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.apiVersion !== undefined){
const _errs2 = errors;
if("orkestra.io/v1alpha1" !== data.apiVersion){
validate10.errors = [{instancePath:instancePath+"/apiVersion",schemaPath:"#/properties/apiVersion/const",keyword:"const",params:{allowedValue: "orkestra.io/v1alpha1"},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.kind !== undefined){
const _errs3 = errors;
if("Katalog" !== data.kind){
validate10.errors = [{instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "Katalog"},message:"must be equal to constant"}];
return false;
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
let data2 = data.metadata;
const _errs4 = errors;
if(errors === _errs4){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.name !== undefined){
if(typeof data2.name !== "string"){
validate10.errors = [{instancePath:instancePath+"/metadata/name",schemaPath:"#/properties/metadata/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/metadata",schemaPath:"#/properties/metadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.spec !== undefined){
let data4 = data.spec;
const _errs8 = errors;
if(errors === _errs8){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
let missing1;
if((data4.crds === undefined) && (missing1 = "crds")){
validate10.errors = [{instancePath:instancePath+"/spec",schemaPath:"#/properties/spec/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
const _errs10 = errors;
for(const key1 in data4){
if(!(key1 === "crds")){
validate10.errors = [{instancePath:instancePath+"/spec",schemaPath:"#/properties/spec/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs10 === errors){
if(data4.crds !== undefined){
let data5 = data4.crds;
const _errs11 = errors;
if(errors === _errs11){
if(Array.isArray(data5)){
if(data5.length < 1){
validate10.errors = [{instancePath:instancePath+"/spec/crds",schemaPath:"#/properties/spec/properties/crds/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"}];
return false;
}
else {
var valid3 = true;
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
const _errs13 = errors;
if(errors === _errs13){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
let missing2;
if(((data6.owner === undefined) && (missing2 = "owner")) || ((data6.resources === undefined) && (missing2 = "resources"))){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0,schemaPath:"#/properties/spec/properties/crds/items/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
const _errs15 = errors;
for(const key2 in data6){
if(!(func2.call(schema11.properties.spec.properties.crds.items.properties, key2))){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0,schemaPath:"#/properties/spec/properties/crds/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs15 === errors){
if(data6.owner !== undefined){
let data7 = data6.owner;
const _errs16 = errors;
if(errors === _errs16){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
let missing3;
if(((((data7.group === undefined) && (missing3 = "group")) || ((data7.version === undefined) && (missing3 = "version"))) || ((data7.kind === undefined) && (missing3 = "kind"))) || ((data7.plural === undefined) && (missing3 = "plural"))){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/owner",schemaPath:"#/properties/spec/properties/crds/items/properties/owner/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'"}];
return false;
}
else {
const _errs18 = errors;
for(const key3 in data7){
if(!(((((key3 === "group") || (key3 === "version")) || (key3 === "kind")) || (key3 === "plural")) || (key3 === "namespaced"))){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/owner",schemaPath:"#/properties/spec/properties/crds/items/properties/owner/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs18 === errors){
if(data7.group !== undefined){
let data8 = data7.group;
const _errs19 = errors;
if(errors === _errs19){
if(typeof data8 === "string"){
if(func3(data8) < 1){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/owner/group",schemaPath:"#/properties/spec/properties/crds/items/properties/owner/properties/group/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/owner/group",schemaPath:"#/properties/spec/properties/crds/items/properties/owner/properties/group/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid5 = _errs19 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data7.version !== undefined){
let data9 = data7.version;
const _errs21 = errors;
if(errors === _errs21){
if(typeof data9 === "string"){
if(func3(data9) < 1){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/owner/version",schemaPath:"#/properties/spec/properties/crds/items/properties/owner/properties/version/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/owner/version",schemaPath:"#/properties/spec/properties/crds/items/properties/owner/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid5 = _errs21 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data7.kind !== undefined){
let data10 = data7.kind;
const _errs23 = errors;
if(errors === _errs23){
if(typeof data10 === "string"){
if(!pattern0.test(data10)){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/owner/kind",schemaPath:"#/properties/spec/properties/crds/items/properties/owner/properties/kind/pattern",keyword:"pattern",params:{pattern: "^[A-Z][A-Za-z0-9]*$"},message:"must match pattern \""+"^[A-Z][A-Za-z0-9]*$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/owner/kind",schemaPath:"#/properties/spec/properties/crds/items/properties/owner/properties/kind/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid5 = _errs23 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data7.plural !== undefined){
let data11 = data7.plural;
const _errs25 = errors;
if(errors === _errs25){
if(typeof data11 === "string"){
if(!pattern1.test(data11)){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/owner/plural",schemaPath:"#/properties/spec/properties/crds/items/properties/owner/properties/plural/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"},message:"must match pattern \""+"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/owner/plural",schemaPath:"#/properties/spec/properties/crds/items/properties/owner/properties/plural/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid5 = _errs25 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data7.namespaced !== undefined){
const _errs27 = errors;
if(typeof data7.namespaced !== "boolean"){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/owner/namespaced",schemaPath:"#/properties/spec/properties/crds/items/properties/owner/properties/namespaced/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid5 = _errs27 === errors;
}
else {
var valid5 = true;
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/owner",schemaPath:"#/properties/spec/properties/crds/items/properties/owner/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs16 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data6.resources !== undefined){
let data13 = data6.resources;
const _errs29 = errors;
if(errors === _errs29){
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
for(const key4 in data13){
let data14 = data13[key4];
const _errs32 = errors;
if(errors === _errs32){
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
const _errs34 = errors;
for(const key5 in data14){
if(!(((key5 === "onCreate") || (key5 === "onReconcile")) || (key5 === "onDelete"))){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/resources/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/spec/properties/crds/items/properties/resources/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs34 === errors){
if(data14.onCreate !== undefined){
let data15 = data14.onCreate;
const _errs35 = errors;
if(errors === _errs35){
if(Array.isArray(data15)){
var valid8 = true;
const len1 = data15.length;
for(let i1=0; i1<len1; i1++){
let data16 = data15[i1];
const _errs37 = errors;
if(!(data16 && typeof data16 == "object" && !Array.isArray(data16))){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/resources/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/onCreate/" + i1,schemaPath:"#/properties/spec/properties/crds/items/properties/resources/additionalProperties/properties/onCreate/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
var valid8 = _errs37 === errors;
if(!valid8){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/resources/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/onCreate",schemaPath:"#/properties/spec/properties/crds/items/properties/resources/additionalProperties/properties/onCreate/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid7 = _errs35 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data14.onReconcile !== undefined){
let data17 = data14.onReconcile;
const _errs39 = errors;
if(errors === _errs39){
if(Array.isArray(data17)){
var valid9 = true;
const len2 = data17.length;
for(let i2=0; i2<len2; i2++){
let data18 = data17[i2];
const _errs41 = errors;
if(!(data18 && typeof data18 == "object" && !Array.isArray(data18))){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/resources/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/onReconcile/" + i2,schemaPath:"#/properties/spec/properties/crds/items/properties/resources/additionalProperties/properties/onReconcile/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
var valid9 = _errs41 === errors;
if(!valid9){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/resources/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/onReconcile",schemaPath:"#/properties/spec/properties/crds/items/properties/resources/additionalProperties/properties/onReconcile/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid7 = _errs39 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data14.onDelete !== undefined){
let data19 = data14.onDelete;
const _errs43 = errors;
if(errors === _errs43){
if(Array.isArray(data19)){
var valid10 = true;
const len3 = data19.length;
for(let i3=0; i3<len3; i3++){
let data20 = data19[i3];
const _errs45 = errors;
if(!(data20 && typeof data20 == "object" && !Array.isArray(data20))){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/resources/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/onDelete/" + i3,schemaPath:"#/properties/spec/properties/crds/items/properties/resources/additionalProperties/properties/onDelete/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
var valid10 = _errs45 === errors;
if(!valid10){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/resources/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/onDelete",schemaPath:"#/properties/spec/properties/crds/items/properties/resources/additionalProperties/properties/onDelete/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid7 = _errs43 === errors;
}
else {
var valid7 = true;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/resources/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/spec/properties/crds/items/properties/resources/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid6 = _errs32 === errors;
if(!valid6){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/resources",schemaPath:"#/properties/spec/properties/crds/items/properties/resources/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs29 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data6.api !== undefined){
let data21 = data6.api;
const _errs47 = errors;
if(!(data21 && typeof data21 == "object" && !Array.isArray(data21))){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/api",schemaPath:"#/properties/spec/properties/crds/items/properties/api/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
var valid4 = _errs47 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data6.status !== undefined){
let data22 = data6.status;
const _errs49 = errors;
if(errors === _errs49){
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
const _errs51 = errors;
for(const key6 in data22){
if(!(key6 === "fields")){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/status",schemaPath:"#/properties/spec/properties/crds/items/properties/status/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs51 === errors){
if(data22.fields !== undefined){
let data23 = data22.fields;
const _errs52 = errors;
if(errors === _errs52){
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
for(const key7 in data23){
const _errs55 = errors;
if(typeof data23[key7] !== "string"){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/status/fields/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/spec/properties/crds/items/properties/status/properties/fields/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid12 = _errs55 === errors;
if(!valid12){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/status/fields",schemaPath:"#/properties/spec/properties/crds/items/properties/status/properties/fields/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/status",schemaPath:"#/properties/spec/properties/crds/items/properties/status/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs49 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data6.readiness !== undefined){
let data25 = data6.readiness;
const _errs57 = errors;
if(!((data25 === "synced") || (data25 === "children"))){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/readiness",schemaPath:"#/properties/spec/properties/crds/items/properties/readiness/enum",keyword:"enum",params:{allowedValues: schema11.properties.spec.properties.crds.items.properties.readiness.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid4 = _errs57 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data6.concurrency !== undefined){
let data26 = data6.concurrency;
const _errs58 = errors;
if(!((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26)))){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/concurrency",schemaPath:"#/properties/spec/properties/crds/items/properties/concurrency/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs58){
if(typeof data26 == "number"){
if(data26 > 1000 || isNaN(data26)){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/concurrency",schemaPath:"#/properties/spec/properties/crds/items/properties/concurrency/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1000},message:"must be <= 1000"}];
return false;
}
else {
if(data26 < 1 || isNaN(data26)){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/concurrency",schemaPath:"#/properties/spec/properties/crds/items/properties/concurrency/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid4 = _errs58 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data6.namespaces !== undefined){
let data27 = data6.namespaces;
const _errs60 = errors;
if(errors === _errs60){
if(Array.isArray(data27)){
var valid13 = true;
const len4 = data27.length;
for(let i4=0; i4<len4; i4++){
const _errs62 = errors;
if(typeof data27[i4] !== "string"){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/namespaces/" + i4,schemaPath:"#/properties/spec/properties/crds/items/properties/namespaces/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid13 = _errs62 === errors;
if(!valid13){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/namespaces",schemaPath:"#/properties/spec/properties/crds/items/properties/namespaces/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid4 = _errs60 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data6.resyncPeriod !== undefined){
let data29 = data6.resyncPeriod;
const _errs64 = errors;
if(errors === _errs64){
if(typeof data29 === "string"){
if(!pattern2.test(data29)){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/resyncPeriod",schemaPath:"#/properties/spec/properties/crds/items/properties/resyncPeriod/pattern",keyword:"pattern",params:{pattern: "^\\d+(ms|s|m|h)$"},message:"must match pattern \""+"^\\d+(ms|s|m|h)$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/resyncPeriod",schemaPath:"#/properties/spec/properties/crds/items/properties/resyncPeriod/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs64 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data6.finalizer !== undefined){
let data30 = data6.finalizer;
const _errs66 = errors;
if(errors === _errs66){
if(typeof data30 === "string"){
if(!pattern3.test(data30)){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/finalizer",schemaPath:"#/properties/spec/properties/crds/items/properties/finalizer/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9.-]+/[A-Za-z0-9._-]+$"},message:"must match pattern \""+"^[a-z0-9.-]+/[A-Za-z0-9._-]+$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/finalizer",schemaPath:"#/properties/spec/properties/crds/items/properties/finalizer/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs66 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data6.fieldManager !== undefined){
let data31 = data6.fieldManager;
const _errs68 = errors;
if(errors === _errs68){
if(typeof data31 === "string"){
if(func3(data31) < 1){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/fieldManager",schemaPath:"#/properties/spec/properties/crds/items/properties/fieldManager/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/fieldManager",schemaPath:"#/properties/spec/properties/crds/items/properties/fieldManager/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs68 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data6.events !== undefined){
let data32 = data6.events;
const _errs70 = errors;
if(errors === _errs70){
if(data32 && typeof data32 == "object" && !Array.isArray(data32)){
const _errs72 = errors;
for(const key8 in data32){
if(!(key8 === "initialCreate")){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/events",schemaPath:"#/properties/spec/properties/crds/items/properties/events/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"}];
return false;
break;
}
}
if(_errs72 === errors){
if(data32.initialCreate !== undefined){
if(typeof data32.initialCreate !== "boolean"){
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/events/initialCreate",schemaPath:"#/properties/spec/properties/crds/items/properties/events/properties/initialCreate/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0+"/events",schemaPath:"#/properties/spec/properties/crds/items/properties/events/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid4 = _errs70 === errors;
}
else {
var valid4 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds/" + i0,schemaPath:"#/properties/spec/properties/crds/items/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid3 = _errs13 === errors;
if(!valid3){
break;
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec/crds",schemaPath:"#/properties/spec/properties/crds/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
}
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/spec",schemaPath:"#/properties/spec/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs8 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
else {
validate10.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate10.errors = vErrors;
return errors === 0;
}

/** True when KATALOG_SCHEMA (src/katalog-schema.ts) accepts the value; a value it refuses is explained by compiling the schema. */
export const katalogAccepts: (value: unknown) => boolean = validate10;
