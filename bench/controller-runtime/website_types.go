package main

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion of the Website CRD (bench/website.crd.yaml).
var GroupVersion = schema.GroupVersion{Group: "example.com", Version: "v1"}

// WebsiteSpec is what a Website asks for: a web server and its page and password.
type WebsiteSpec struct {
	Image    string `json:"image,omitempty"`
	Replicas *int32 `json:"replicas,omitempty"`
	Greeting string `json:"greeting,omitempty"`
	TLS      bool   `json:"tls,omitempty"`
	Password string `json:"password,omitempty"`
}

// WebsiteStatus is what the operator reports.
type WebsiteStatus struct {
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
	Image              string             `json:"image,omitempty"`
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
}

// Website is the custom resource.
type Website struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WebsiteSpec   `json:"spec,omitempty"`
	Status            WebsiteStatus `json:"status,omitempty"`
}

// WebsiteList is a list of Websites.
type WebsiteList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Website `json:"items"`
}

// The deep copies controller-gen would generate, written out by hand (four types, no generator needed).

func (in *WebsiteSpec) DeepCopyInto(out *WebsiteSpec) {
	*out = *in
	if in.Replicas != nil {
		r := *in.Replicas
		out.Replicas = &r
	}
}

func (in *WebsiteStatus) DeepCopyInto(out *WebsiteStatus) {
	*out = *in
	if in.Conditions != nil {
		out.Conditions = make([]metav1.Condition, len(in.Conditions))
		for i := range in.Conditions {
			in.Conditions[i].DeepCopyInto(&out.Conditions[i])
		}
	}
}

func (in *Website) DeepCopyInto(out *Website) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
	in.Status.DeepCopyInto(&out.Status)
}

func (in *Website) DeepCopy() *Website {
	if in == nil {
		return nil
	}
	out := new(Website)
	in.DeepCopyInto(out)
	return out
}

func (in *Website) DeepCopyObject() runtime.Object { return in.DeepCopy() }

func (in *WebsiteList) DeepCopyObject() runtime.Object {
	if in == nil {
		return nil
	}
	out := new(WebsiteList)
	*out = *in
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	if in.Items != nil {
		out.Items = make([]Website, len(in.Items))
		for i := range in.Items {
			in.Items[i].DeepCopyInto(&out.Items[i])
		}
	}
	return out
}

// addToScheme registers the Website types, as the generated groupversion_info.go does.
func addToScheme(s *runtime.Scheme) error {
	s.AddKnownTypes(GroupVersion, &Website{}, &WebsiteList{})
	metav1.AddToGroupVersion(s, GroupVersion)
	return nil
}
